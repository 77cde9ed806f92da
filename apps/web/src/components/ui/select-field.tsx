import { type ComponentProps, forwardRef, useId } from 'react';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select, styled like FormField (native keeps mobile pickers and a11y for free). */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, className = '', id, ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-message`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block font-medium text-sm text-steel-200">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          className={`block min-h-11 w-full appearance-none rounded-xl border bg-vault-950 pr-10 pl-3.5 text-base text-white focus:outline-none focus:ring-2 sm:text-sm ${
            error
              ? 'border-red-500/70 focus:ring-red-500/40'
              : 'border-vault-600 focus:border-brass-500 focus:ring-brass-500/30'
          }`}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 20 20"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3.5 size-4 text-steel-400"
          aria-hidden="true"
        >
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      {error ? (
        <p id={messageId} role="alert" className="mt-1.5 text-red-400 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
});
