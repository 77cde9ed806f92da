import type { ReactNode } from 'react';

/** A labelled fact on an admin card (inside a <dl>): a small uppercase label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-steel-400 text-xs uppercase tracking-widest">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-white">{children}</dd>
    </div>
  );
}
