import type { CurrentItem, ShowStateView } from '@vault/contracts';

export type PurchaseArea = 'none' | 'buy' | 'unavailable' | 'onboarding';

/**
 * What the purchase area shows: nothing unless the show is in its showing phase
 * with the item on show; then the onboarding prompt for members who have not finished it, Buy Now
 * when the item can really be bought (show running, time left), else "not available".
 */
export function purchaseArea(input: {
  show: Pick<NonNullable<ShowStateView['show']>, 'phase' | 'status'> | null;
  item: Pick<CurrentItem, 'status'> | null;
  onboardingCompleted: boolean;
  msLeft: number;
}): PurchaseArea {
  const { show, item } = input;
  if (!show || !item || show.phase !== 'showing' || item.status !== 'showing') return 'none';
  if (!input.onboardingCompleted) return 'onboarding';
  return show.status === 'running' && input.msLeft > 0 ? 'buy' : 'unavailable';
}
