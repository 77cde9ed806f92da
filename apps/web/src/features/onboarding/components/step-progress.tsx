/** The onboarding progress: "Step N of 3" and a bar at step/3 as a percentage. */
export function StepProgress({ step, total }: { step: number; total: number }) {
  const percent = Math.round((step / total) * 100);
  return (
    <div className="mt-6">
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-medium text-white">
          Step {step} of {total}
        </p>
        <p className="text-steel-400 tabular-nums">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${total}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-vault-800"
      >
        <div
          className="h-full rounded-full bg-brass-500 transition-[width] duration-500 ease-out"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
