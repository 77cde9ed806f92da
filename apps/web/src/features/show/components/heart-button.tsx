import { heartsLabel } from '../../../components/heart-tally';
import { HEART_PATH, StrokeIcon } from '../../../components/ui/stroke-icon';

/**
 * A heart toggle with its count. The button says what pressing it does ("Heart X" / "Remove heart
 * from X") and whether it is on (aria-pressed); the count sits in a polite live region beside it,
 * so a screen reader hears the new total after a tap, or when other members' hearts arrive.
 * The number is drawn over the button, not inside it: it is the heart's total, not part of what
 * the button is called, and a button whose visible text ("3") is missing from its name ("Heart X")
 * fails Label in Name for a member who operates it by voice.
 */
export function HeartButton(props: {
  title: string;
  count: number;
  hearted: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const { title, count, hearted } = props;
  return (
    <>
      <span className="relative inline-flex">
        <button
          type="button"
          aria-pressed={hearted}
          aria-label={hearted ? `Remove heart from ${title}` : `Heart ${title}`}
          disabled={props.disabled}
          onClick={props.onToggle}
          className={`peer inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl border px-3 font-semibold text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
            hearted
              ? 'border-rose-400/60 bg-rose-500/15 text-rose-300 hover:bg-rose-500/25'
              : 'border-vault-600 text-steel-200 hover:border-steel-400 hover:bg-vault-700'
          }`}
        >
          <StrokeIcon d={HEART_PATH} filled={hearted} />
          {/* Keeps the count's room in the button; the count itself is the span after it. */}
          <span className="invisible" aria-hidden="true">
            {count}
          </span>
        </button>
        <span
          aria-hidden="true"
          className={`pointer-events-none absolute inset-y-0 right-3 flex items-center font-semibold text-sm tabular-nums peer-disabled:opacity-50 ${hearted ? 'text-rose-300' : 'text-steel-200'}`}
        >
          {count}
        </span>
      </span>
      <span className="sr-only" aria-live="polite">
        {`${title}: ${heartsLabel(count)}`}
      </span>
    </>
  );
}
