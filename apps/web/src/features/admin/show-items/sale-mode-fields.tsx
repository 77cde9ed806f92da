import { type SaleMode, saleModeLabels, saleModes } from '@vault/contracts';
import { useId } from 'react';
import { FormField } from '../../../components/ui/form-field';
import type { RegisteredField } from '../shared/legal-fields';
import { drawWindowHint } from './sale-mode';

const descriptions: Record<SaleMode, string> = {
  first_press: 'The first member to press Buy gets it.',
  draw: 'Members enter while the window is open; a published draw picks the winner.',
};

/**
 * Sale mode: First press or Draw, as two large radio cards (thumb-sized on a phone), and for a
 * draw its entry window in seconds.
 */
export function SaleModeFields({
  saleMode,
  drawWindowSeconds,
  current,
  perKnifeSeconds,
}: {
  saleMode: RegisteredField;
  drawWindowSeconds: RegisteredField;
  /** The choice as it stands (watched), which shows or hides the window. */
  current: SaleMode;
  perKnifeSeconds: number | undefined;
}) {
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} className="space-y-3">
      <legend id={legendId} className="mb-1.5 font-medium text-sm text-steel-200">
        Sale mode
      </legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {saleModes.map((mode) => (
          <label
            key={mode}
            className="flex min-h-11 cursor-pointer gap-3 rounded-xl border border-vault-600 bg-vault-950 p-3 has-[:checked]:border-brass-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brass-500/30"
          >
            <input type="radio" value={mode} className="mt-0.5 size-4 accent-brass-500" {...saleMode.input} />
            <span>
              <span className="block font-semibold text-sm text-white">{saleModeLabels[mode]}</span>
              <span className="block text-steel-400 text-xs">{descriptions[mode]}</span>
            </span>
          </label>
        ))}
      </div>
      {saleMode.error ? (
        <p role="alert" className="text-red-400 text-sm">
          {saleMode.error}
        </p>
      ) : null}
      {current === 'draw' ? (
        <FormField
          label="Draw window (seconds)"
          type="number"
          inputMode="numeric"
          min={5}
          step={1}
          placeholder="30"
          hint={drawWindowHint(perKnifeSeconds)}
          error={drawWindowSeconds.error}
          {...drawWindowSeconds.input}
        />
      ) : null}
    </fieldset>
  );
}
