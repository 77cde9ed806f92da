import type { ShowStateView } from '@vault/contracts';

/**
 * A push and a poll can cross on the wire: a view of the same show with a lower step is older
 * news than the one held and must not replace it.
 */
export function isOlderView(held: ShowStateView | null | undefined, next: ShowStateView): boolean {
  const a = held?.show;
  const b = next.show;
  return Boolean(a && b && a.id === b.id && b.step < a.step);
}

/** Whether the show moved on (another show, another step): lists that mirror it need a refresh. */
export function showMoved(held: ShowStateView | null | undefined, next: ShowStateView): boolean {
  return held?.show?.id !== next.show?.id || held?.show?.step !== next.show?.step;
}

/**
 * A view with this browser's own purchases applied. Sold is final on the server, so a view that
 * still shows an item we bought on sale was made before the purchase (a poll crossing the buy
 * response) and must not bring the Buy button back.
 */
export function withLocalSales(view: ShowStateView, sales: Readonly<Record<string, string>>): ShowStateView {
  const item = view.currentItem;
  const buyer = item ? sales[item.id] : undefined;
  if (!item || !buyer || item.status === 'sold') return view;
  return { ...view, currentItem: { ...item, status: 'sold', soldToUserId: buyer } };
}

/** State not confirmed for this long may be out of date: a Buy button must not look live on it. */
export const STALE_MS = 2000;

/** Whether the held state, last confirmed at `confirmedAt` (client ms, 0 = never), is stale at `now`. */
export function isStale(confirmedAt: number, now: number): boolean {
  return now - confirmedAt > STALE_MS;
}
