import type { CurrentItem, Eligibility, ShowStateView } from '@vault/contracts';

export type PurchaseArea = 'none' | 'buy' | 'unavailable' | 'onboarding' | 'ineligible';

/**
 * What the purchase area shows: nothing unless the show is in its showing phase
 * with the item on show; then the onboarding prompt for members who have not finished it, Buy Now
 * when the item can really be bought (show running, time left), else "not available". An item on
 * sale that the operator's rules refuse this member shows the reason instead of Buy Now; while
 * their eligibility is unknown (not heard yet), Buy Now shows and the server decides.
 */
export function purchaseArea(input: {
  show: Pick<NonNullable<ShowStateView['show']>, 'phase' | 'status'> | null;
  item: Pick<CurrentItem, 'status'> | null;
  onboardingCompleted: boolean;
  msLeft: number;
  eligibility?: Eligibility | undefined;
}): PurchaseArea {
  const { show, item } = input;
  if (!show || !item || show.phase !== 'showing' || item.status !== 'showing') return 'none';
  if (!input.onboardingCompleted) return 'onboarding';
  if (show.status !== 'running' || input.msLeft <= 0) return 'unavailable';
  return input.eligibility?.ok === false ? 'ineligible' : 'buy';
}
