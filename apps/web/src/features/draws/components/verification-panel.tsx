import type { PublicDraw } from '@vault/contracts';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { drawText, verifiedText } from '../text';
import { useVerification } from '../use-verification';

const CHECK_PATH = 'M5 12.5l4.5 4.5L19 7.5';
const CROSS_PATH = 'M6 6l12 12M18 6L6 18';

/**
 * The page's own check of the draw, run in this browser: verified, failed with every problem named,
 * or why there is nothing to check yet. A polite live region: the result lands after the page.
 */
export function VerificationPanel({ draw }: { draw: PublicDraw }) {
  const verification = useVerification(draw);
  let body: React.ReactNode;
  let tone = 'border-vault-700 bg-vault-900 text-steel-200';
  switch (verification.state) {
    case 'checking':
      body = <p>{drawText.checking}</p>;
      break;
    case 'pending':
      body = <p>{draw.status === 'cancelled' ? drawText.cancelled : drawText.checkLater}</p>;
      break;
    case 'unsupported':
      tone = 'border-amber-500/30 bg-amber-950/40 text-amber-100';
      body = <p>{drawText.unsupported}</p>;
      break;
    case 'verified': {
      const winner = verification.winnerEntryNumber;
      const pseudonym = draw.entries.find((e) => e.entryNumber === winner)?.pseudonym ?? '';
      tone = 'border-emerald-500/40 bg-emerald-950/50 text-emerald-100';
      body = (
        <p className="flex gap-2">
          <StrokeIcon d={CHECK_PATH} className="mt-0.5 size-5 shrink-0 text-emerald-300" />
          <span>
            {verifiedText(verification.entrants, winner === null ? null : { entryNumber: winner, pseudonym })}
          </span>
        </p>
      );
      break;
    }
    case 'failed':
      tone = 'border-red-500/40 bg-red-950/60 text-red-100';
      body = (
        <div className="flex gap-2">
          <StrokeIcon d={CROSS_PATH} className="mt-0.5 size-5 shrink-0 text-red-300" />
          <div>
            <p className="font-semibold">{drawText.failed}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {verification.problems.map((problem) => (
                <li key={problem} className="break-words">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        </div>
      );
      break;
  }
  return (
    <section aria-labelledby="draw-check-heading" className={`rounded-2xl border px-4 py-4 text-sm ${tone}`}>
      <h2 id="draw-check-heading" className="sr-only">
        Verification
      </h2>
      <div aria-live="polite" data-verification={verification.state}>
        {body}
      </div>
    </section>
  );
}
