import type { ReactNode } from 'react';

// The four badge styles of the purchase status badges, plus the brass "Default" marker.
const variants = {
  default: 'border-transparent bg-brass-500 text-vault-950',
  secondary: 'border-transparent bg-vault-700 text-steel-200',
  destructive: 'border-transparent bg-red-600 text-white',
  outline: 'border-vault-600 text-steel-200',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({ variant = 'default', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return (
    <span
      data-variant={variant}
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 font-semibold text-xs capitalize ${variants[variant]}`}
    >
      {children}
    </span>
  );
}
