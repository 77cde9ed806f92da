import type { ReactNode } from 'react';

/** A titled card of the account page. */
export function CardSection({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`min-w-0 rounded-3xl border border-vault-700 bg-vault-900 p-5 sm:p-6 ${className}`}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-display text-white text-xl">{title}</h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function QuietText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-steel-400">{children}</p>;
}
