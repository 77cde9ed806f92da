import type { ShowStateView } from '@vault/contracts';
import { useLiveShow } from '../../lib/live-show/store';
import { type BuyAnswer, isDrawEntry } from './api/buy-answer';
import type { createWinToasts } from './win-toasts';

type WinToasts = ReturnType<typeof createWinToasts>;

/**
 * What a Buy's answer changes on screen. A draw entry: the member's entry number replaces Enter the
 * draw (nothing is bought yet, so no toast). A purchase: the success toast, then the item shown
 * sold to them at once — in that order, since marking it sold moves the view, which must find the
 * sale already announced (see watchWins).
 */
export function takeAnswer(answer: BuyAnswer, buyerId: string | undefined, toasts: WinToasts): 'entered' | 'bought' {
  const store = useLiveShow.getState();
  if (isDrawEntry(answer)) {
    store.markEntered(answer.drawId, answer.entryNumber);
    return 'entered';
  }
  toasts.bought(answer);
  if (buyerId) store.markSold(answer.item.id, buyerId);
  return 'bought';
}

/**
 * Watches the live show for a sale to this member that no Buy answer of this tab's announced: a
 * draw won, or an item passed to them as the next in line. `onWin` runs after its toast. Returns
 * the unsubscribe.
 */
export function watchWins(userId: string, toasts: WinToasts, onWin: (view: ShowStateView) => void): () => void {
  return useLiveShow.subscribe((state, previous) => {
    if (state.view === previous.view || !state.view) return;
    if (toasts.viewChanged(previous.view, state.view, userId)) onWin(state.view);
  });
}
