import type { AttestationKindView } from '@vault/contracts';
import { useId } from 'react';

/** The attestations that satisfy a "needs one of" rule: any one of the ticked kinds will do. */
export function KindChecklist({
  kinds,
  selected,
  onChange,
  error,
}: {
  kinds: AttestationKindView[];
  selected: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...selected.filter((c) => c !== code), code] : selected.filter((c) => c !== code));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 font-medium text-sm text-steel-200">Satisfied by any of these attestations</legend>
      {kinds.length === 0 ? (
        <p className="text-sm text-steel-400">No attestation kinds yet: add one under Attestation kinds first.</p>
      ) : (
        <ul className="space-y-1.5">
          {kinds.map((kind) => (
            <li key={kind.code}>
              <label className="flex min-h-10 cursor-pointer items-start gap-2.5 rounded-xl border border-vault-700 px-3 py-2 text-sm text-steel-200 hover:border-vault-600">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brass-500"
                  checked={selected.includes(kind.code)}
                  onChange={(e) => toggle(kind.code, e.target.checked)}
                />
                <span>
                  {kind.label}
                  {kind.active ? null : <span className="text-steel-400"> (inactive)</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-red-400 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
