import { type FormEvent, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { RETURN_REASON_MAX } from '../fulfillment-display';

/**
 * The return request's form, as it looks in each state: the reason (required), Submit (busy while
 * the request is out) and Cancel; the contract's message under the reason, the server's refusal
 * under the buttons.
 */
export function ReturnForm({
  orderLabel,
  reason,
  reasonError,
  serverError,
  busy,
  onReasonChange,
  onSubmit,
  onCancel,
}: {
  orderLabel: string;
  reason: string;
  reasonError?: string;
  serverError?: string;
  busy: boolean;
  onReasonChange: (reason: string) => void;
  /** False when the reason will not do: the focus goes back to it. */
  onSubmit: () => boolean;
  onCancel: () => void;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  // The reason takes the focus when the form opens, and again when a submit finds it wanting, so
  // the member types straight into it.
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onSubmit()) field.current?.focus();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Request a return of order ${orderLabel}`}
      className="space-y-3 rounded-xl border border-vault-700 bg-vault-950 p-3"
    >
      <TextareaField
        ref={field}
        label="Why are you returning it?"
        value={reason}
        onChange={(event) => onReasonChange(event.target.value)}
        maxLength={RETURN_REASON_MAX}
        required
        readOnly={busy}
        error={reasonError}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" className="min-h-10 px-4" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-10 px-4" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
      {serverError ? (
        <p role="alert" className="text-red-400 text-sm">
          {serverError}
        </p>
      ) : null}
    </form>
  );
}
