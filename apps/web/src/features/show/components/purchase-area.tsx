import type { CurrentItem } from '@vault/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { PurchaseArea as AreaKind } from '../purchase-state';
import { useBuy } from '../use-buy';
import { IneligibleNotice } from './eligibility-notes';

/**
 * What the purchase area says instead of a button when the member cannot press it: nothing, the
 * onboarding prompt, the operator's reason, or not available. Buy Now and Enter the draw alike.
 */
export function NotBuyable({ kind, refusal }: { kind: Exclude<AreaKind, 'buy'>; refusal: string | undefined }) {
  if (kind === 'none') return null;
  if (kind === 'onboarding') return <CompleteOnboarding />;
  if (kind === 'ineligible') return <IneligibleNotice reason={refusal ?? ''} />;
  return (
    <p className="rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3 text-center text-sm text-steel-400">
      Not available for purchase at this time
    </p>
  );
}

/**
 * The purchase area under the current item: Buy Now, not available, or the onboarding prompt; or,
 * when the operator's rules refuse this member the item, the reason instead of Buy Now.
 * On stale state (not confirmed by the server for over 2 s) Buy Now does not look live: muted,
 * with a note that the link is reconnecting. It can still be pressed — the server decides.
 */
export function PurchaseArea({
  item,
  kind,
  stale,
  refusal,
}: {
  item: CurrentItem;
  kind: AreaKind;
  stale: boolean;
  /** Why the member may not buy it (read when `kind` is 'ineligible'). */
  refusal: string | undefined;
}) {
  const { buy, pendingItemId } = useBuy();
  if (kind !== 'buy') return <NotBuyable kind={kind} refusal={refusal} />;
  const pending = pendingItemId === item.id;
  return (
    <div>
      <Button
        variant={stale ? 'secondary' : 'primary'}
        className={`min-h-14 w-full text-base ${stale ? 'opacity-60' : ''}`}
        disabled={pending}
        aria-busy={pending}
        aria-describedby={stale ? 'purchase-stale-note' : undefined}
        data-stale={stale ? 'true' : undefined}
        onClick={() => void buy(item.id)}
      >
        {pending ? 'Processing...' : `Buy Now ${formatMoney(item.price)}`}
      </Button>
      {stale ? (
        <p id="purchase-stale-note" className="mt-2 text-center text-amber-300 text-sm">
          Reconnecting… this item may already be sold.
        </p>
      ) : null}
    </div>
  );
}

/** The Complete Onboarding prompt, shown instead of a buy control until onboarding is done. */
export function CompleteOnboarding() {
  return (
    <div className="rounded-2xl border border-brass-500/30 bg-brass-500/5 p-4 text-center">
      <p className="text-sm text-steel-200">Complete onboarding to purchase</p>
      <ButtonLink to={paths.onboarding} className="mt-3 w-full">
        Complete Onboarding
      </ButtonLink>
    </div>
  );
}
