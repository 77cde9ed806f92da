import { StrokeIcon } from '../../../components/ui/stroke-icon';

/** A circle with a bar: "not for you", without the alarm of a warning sign. */
const BLOCKED_PATH = 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM6 6l12 12';

export const NOT_AVAILABLE = 'Not available to you';

/**
 * Shown instead of a buy control when the operator's rules refuse this member the item: the reason
 * in plain words. A calm notice, not an error: nothing went wrong, and the member can often act on
 * it (add a date of birth, record an attestation in their account).
 */
export function IneligibleNotice({ reason }: { reason: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-2xl border border-vault-600 bg-vault-900 px-4 py-3 text-left">
      <StrokeIcon d={BLOCKED_PATH} className="mt-0.5 size-5 shrink-0 text-steel-400" />
      <div className="min-w-0">
        <p className="font-semibold text-sm text-steel-200">{NOT_AVAILABLE}</p>
        <p className="mt-0.5 break-words text-sm text-steel-400">{reason}</p>
      </div>
    </div>
  );
}

/**
 * Marks an item in a list (the lineup, the up-next banner, a test product card) that this member
 * cannot buy; the reason is its tooltip. Nothing when they may buy it (`reason` undefined). Over an
 * image, it sits along the image's bottom edge.
 */
export function NotAvailableBadge({ reason, overImage = false }: { reason: string | undefined; overImage?: boolean }) {
  if (reason === undefined) return null;
  return (
    <span className={overImage ? 'absolute right-2 bottom-2 left-2 flex' : 'mt-1.5 flex'}>
      <span
        title={reason}
        className="inline-flex max-w-full items-center gap-1 rounded-md border border-steel-400/40 bg-vault-950/90 px-2 py-0.5 font-semibold text-[0.7rem] text-steel-200"
      >
        <StrokeIcon d={BLOCKED_PATH} className="size-3.5 shrink-0" />
        <span className="min-w-0 leading-tight">{NOT_AVAILABLE}</span>
        <span className="sr-only">: {reason}</span>
      </span>
    </span>
  );
}
