import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

const variants = {
  primary:
    'bg-brass-500 text-vault-950 hover:bg-brass-400 active:bg-brass-600 shadow-[0_8px_24px_-8px_rgba(212,162,76,0.6)]',
  secondary: 'border border-vault-600 bg-vault-800/60 text-steel-200 hover:border-steel-400 hover:bg-vault-700',
  ghost: 'text-steel-400 hover:text-steel-200 hover:bg-vault-800',
  danger: 'bg-red-600 text-white hover:bg-red-500 active:bg-red-700',
} as const;

export type ButtonVariant = keyof typeof variants;

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold tracking-wide transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type="button" className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
