import { Button } from '../../../components/ui/button';

const points = [
  {
    title: 'Sequential releases with countdowns',
    body: 'Knives are revealed one at a time during a live show, each with its own countdown.',
  },
  {
    title: 'First come, first served',
    body: 'Every piece sells once. The first member to press Buy takes it home.',
  },
  {
    title: 'Pre-authorized payment',
    body: 'Save a card now so checkout is instant. It is only charged when you buy.',
  },
];

/** Step 1: what a live show is, with a placeholder for the how-it-works video. */
export function IntroStep({ onContinue }: { onContinue: () => void }) {
  return (
    <div>
      <figure>
        <div
          role="img"
          aria-label="How the Vault works video (coming soon)"
          className="relative aspect-video overflow-hidden rounded-2xl border border-vault-700 bg-vault-950"
        >
          <img
            src="/media/knives/obsidian-drop-point-2.svg"
            alt=""
            className="absolute inset-0 h-full w-full object-cover opacity-70"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-vault-950/80 via-transparent to-transparent" />
          <span className="-translate-x-1/2 -translate-y-1/2 absolute top-1/2 left-1/2 flex size-16 items-center justify-center rounded-full bg-brass-500/90 text-vault-950 shadow-[0_8px_32px_-8px_rgba(212,162,76,0.8)]">
            <svg viewBox="0 0 24 24" className="ml-1 size-7" aria-hidden="true">
              <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
            </svg>
          </span>
        </div>
        <figcaption className="mt-2 text-steel-400 text-xs">Watch how a live show runs — video coming soon.</figcaption>
      </figure>

      <ul className="mt-6 space-y-4">
        {points.map((point, index) => (
          <li key={point.title} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brass-500/15 font-semibold text-brass-400 text-sm">
              {index + 1}
            </span>
            <div>
              <p className="font-medium text-sm text-white">{point.title}</p>
              <p className="text-sm text-steel-400">{point.body}</p>
            </div>
          </li>
        ))}
      </ul>

      <Button className="mt-8 w-full" onClick={onContinue}>
        Continue
      </Button>
    </div>
  );
}
