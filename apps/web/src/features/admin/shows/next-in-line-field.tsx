import type { CreateShowBody } from '@vault/contracts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';

/**
 * The show's next-in-line switch: when a first-press winner's card is declined, the item goes to
 * the next member who pressed Buy for it instead of back on sale. On by default (the contract's).
 */
export function NextInLineField({ form }: { form: UseFormReturn<CreateShowBody> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const on = form.watch('nextInLine') !== false;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-vault-700 bg-vault-950 p-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer font-medium text-sm text-steel-200">
          Next in line when a card is declined
        </label>
        <p id={hintId} className="mt-0.5 text-steel-400 text-xs">
          The item goes to the next member who pressed Buy for it, in the order their presses arrived; off, it goes back
          on sale.
        </p>
      </div>
      {/* A native checkbox with the switch role (keyboard and forms for free), drawn as a track and knob. */}
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          className="peer absolute inset-0 size-full cursor-pointer opacity-0"
          {...form.register('nextInLine')}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-vault-700 transition-colors peer-checked:bg-brass-500 peer-focus-visible:ring-2 peer-focus-visible:ring-brass-500/40"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-steel-200 transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
