import { type ComponentProps, forwardRef, useId } from 'react';

interface TextareaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
}

/** A labelled multi-line input with its validation message, styled like FormField. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, className = '', id, rows = 3, ...props },
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
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`block w-full resize-y rounded-xl border bg-vault-950 px-3.5 py-2.5 text-base text-white placeholder:text-vault-600 focus:outline-none focus:ring-2 disabled:opacity-60 sm:text-sm ${
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
      ) : null}
    </div>
  );
});
