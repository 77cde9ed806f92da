import type { ReactNode } from 'react';

const tones = {
  info: 'border-sky-500/30 bg-sky-950/60 text-sky-100',
  success: 'border-emerald-500/30 bg-emerald-950/60 text-emerald-100',
  warning: 'border-amber-500/30 bg-amber-950/60 text-amber-100',
  error: 'border-red-500/40 bg-red-950/60 text-red-100',
} as const;

export function Alert({
  tone = 'info',
  title,
  children,
}: {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}
