import type { BuyResponse, CurrentItem, ShowStateView } from '@vault/contracts';
import { purchaseSuccessToast, type ToastText } from './buy-toasts';

/**
 * The item the live show has just sold to this member, when the view moved to it: the same item,
 * on screen before and after, not theirs before and theirs now. A view that opens on an item
 * already theirs (a reload, a late join) is old news, not a win to announce.
 */
export function wonInView(
  before: ShowStateView | null,
  after: ShowStateView | null,
  userId: string,
): CurrentItem | undefined {
  const item = after?.currentItem;
  if (item?.status !== 'sold' || item.soldToUserId !== userId) return undefined;
  const held = before?.currentItem;
  if (!held || held.id !== item.id) return undefined;
  return held.status === 'sold' && held.soldToUserId === userId ? undefined : item;
}

/**
 * The Purchase Successful! toast, once per item whichever way this tab learns of the sale: the
 * Buy's own answer (a first press won), or the live show selling the item to this member without
 * one (a draw won; the next in line, whose press was refused as sold, given the item when the
 * winner's card was declined). Either may come first — a push can overtake a Buy's answer — and the
 * second is silent, so a member never sees the toast twice for one knife. Every answer of its own
 * still toasts: a $1 test product may be bought again, and it is never the live show's to announce.
 */
export function createWinToasts(show: (toast: ToastText) => void) {
  const byAnswer = new Set<string>();
  const byPush = new Set<string>();
  return {
    /** A Buy answered with a purchase. True when this call showed the toast. */
    bought(response: Pick<BuyResponse, 'item'>): boolean {
      if (byPush.has(response.item.id)) return false;
      byAnswer.add(response.item.id);
      show(purchaseSuccessToast(response));
      return true;
    },
    /** The held view moved from `before` to `after`. True when this call showed the toast. */
    viewChanged(before: ShowStateView | null, after: ShowStateView | null, userId: string): boolean {
      const item = wonInView(before, after, userId);
      if (!item || byAnswer.has(item.id) || byPush.has(item.id)) return false;
      byPush.add(item.id);
      show(purchaseSuccessToast({ item: { id: item.id, title: item.title, price: item.price } }));
      return true;
    },
  };
}
