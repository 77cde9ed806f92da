import { type ComponentProps, forwardRef, useId } from 'react';

interface FieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input with its validation message, wired for screen readers. */
export const FormField = forwardRef<HTMLInputElement, FieldProps>(function FormField(
  { label, error, hint, className = '', id, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block font-medium text-sm text-steel-200">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`block min-h-11 w-full rounded-xl border bg-vault-950 px-3.5 text-base text-white placeholder:text-vault-600 focus:outline-none focus:ring-2 disabled:opacity-60 sm:text-sm ${
          error
            ? 'border-red-500/70 focus:ring-red-500/40'
            : 'border-vault-600 focus:border-brass-500 focus:ring-brass-500/30'
        }`}
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="mt-1.5 text-red-400 text-sm">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-steel-400 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
