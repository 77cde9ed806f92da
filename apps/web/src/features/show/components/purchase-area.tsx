import type { CurrentItem } from '@vault/contracts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { PurchaseArea as AreaKind } from '../purchase-state';
import { useBuy } from '../use-buy';

/** SPEC §2 purchase area under the current item: Buy Now, not available, or the onboarding prompt. */
export function PurchaseArea({ item, kind }: { item: CurrentItem; kind: AreaKind }) {
  const { buy, pendingItemId } = useBuy();
  if (kind === 'none') return null;
  if (kind === 'onboarding') return <CompleteOnboarding />;
  if (kind === 'unavailable') {
    return (
      <p className="rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3 text-center text-sm text-steel-400">
        Not available for purchase at this time
      </p>
    );
  }
  const pending = pendingItemId === item.id;
  return (
    <Button
      className="min-h-14 w-full text-base"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void buy(item.id)}
    >
      {pending ? 'Processing...' : `Buy Now ${formatMoney(item.price)}`}
    </Button>
  );
}

/** Shown instead of a buy control until onboarding is done (SPEC §2, §6). */
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
