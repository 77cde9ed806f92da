import type { ReactNode } from 'react';

/** A dialog's list of checkboxes or radios with its legend and the reason a choice was refused. */
export function ChoiceList({ legend, error, children }: { legend: string; error: string | null; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm text-steel-200">{legend}</legend>
      <ul className="space-y-2">{children}</ul>
      {error ? (
        <p role="alert" className="mt-2 text-red-400 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One choice: the whole row is the input's label, so it is easy to hit on a phone. */
export function Choice({
  type,
  checked,
  onChange,
  children,
}: {
  type: 'checkbox' | 'radio';
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <li>
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-vault-700 px-3 py-2 text-sm">
        <input
          type={type}
          className="mt-0.5 size-4 shrink-0 accent-brass-500"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="min-w-0">{children}</span>
      </label>
    </li>
  );
}
