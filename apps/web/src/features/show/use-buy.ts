import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { serverCode, serverMessage } from '../../lib/api-client';
import { markIneligible } from '../../lib/live-show/eligibility';
import { refreshShowState } from '../../lib/live-show/fetch-show-state';
import { purchasesKey, testProductsKey } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { sendBuy } from './api/buy';
import type { BuyAnswer } from './api/buy-answer';
import { takeAnswer } from './buy-outcome';
import { confirmingToast, isNotEligible, isSoldOut, purchaseErrorToast } from './buy-toasts';
import { answerLost, createKeyRing, outcomeUnknown, randomKey } from './idempotency';
import { winToasts } from './use-win-toasts';

const keyRing = createKeyRing(randomKey);
// Item ids with a request on the wire, checked synchronously: a double tap lands twice before
// React re-renders the button as disabled, and must still send one request.
const inFlight = new Set<string>();
/** Re-sends (same key) after a lost answer, and the pause before each: the link gets time to return. */
const CONFIRM_DELAYS_MS = [1000, 2000, 3000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A buy, re-sent with the same key while its answer is lost (timeout, dropped link): the server
 * answers with the first purchase if there was one, so the member learns the outcome, charged
 * once. Each attempt goes over the live socket or POST, whichever is up then (see sendBuy). One
 * mutation covers every re-send, so the button stays pending throughout.
 */
async function buyWithKey({ showItemId, key }: { showItemId: string; key: string }): Promise<BuyAnswer> {
  for (const delay of CONFIRM_DELAYS_MS) {
    try {
      return await sendBuy({ showItemId }, key);
    } catch (error) {
      if (!answerLost(error)) throw error;
      if (delay === CONFIRM_DELAYS_MS[0]) toast(confirmingToast());
      await pause(delay);
    }
  }
  return sendBuy({ showItemId }, key);
}

/**
 * A refusal that means the item moved on under the press (someone else got it, the draw's window
 * closed): the screen is brought up to date now rather than at the next push. Read as text, so a
 * code this build's contracts do not list yet still counts.
 */
function itemMovedOn(error: unknown): boolean {
  const code: string | undefined = serverCode(error);
  return isSoldOut(error) || code === 'draw_closed';
}

/**
 * Buying a live item or a test product (Buy Now, swipe-to-buy), or entering a draw item's draw
 * (Enter the draw, the same call): one request per press, the toasts, and the refresh of show
 * state, purchases and test products. `buy` resolves true on success (bought, or entered), so a
 * caller such as the swipe control can show its confirmed state or reset.
 */
export function useBuy() {
  const queryClient = useQueryClient();
  const buyerId = useCurrentUser().data?.id;
  const mutation = useMutation({ mutationFn: buyWithKey });
  const { mutateAsync } = mutation;

  const refresh = useCallback(() => {
    refreshShowState();
    void queryClient.invalidateQueries({ queryKey: purchasesKey });
    void queryClient.invalidateQueries({ queryKey: testProductsKey });
  }, [queryClient]);

  const buy = useCallback(
    async (showItemId: string): Promise<boolean> => {
      if (inFlight.has(showItemId)) return false;
      inFlight.add(showItemId);
      const key = keyRing.keyFor(showItemId);
      try {
        const answer = await mutateAsync({ showItemId, key });
        keyRing.settle(showItemId, false);
        // An entry changes nothing the server holds for the screen: no refresh.
        if (takeAnswer(answer, buyerId, winToasts) === 'bought') refresh();
        return true;
      } catch (error) {
        keyRing.settle(showItemId, outcomeUnknown(error));
        toast(purchaseErrorToast(error));
        // Someone else got it, or the draw closed: show it now rather than at the next push.
        if (itemMovedOn(error)) refresh();
        // The rules refuse this member: the reason replaces Buy at once, and the map is asked for
        // again (what the screen held was out of date).
        if (isNotEligible(error)) markIneligible(showItemId, serverMessage(error) ?? null);
        return false;
      } finally {
        inFlight.delete(showItemId);
      }
    },
    [mutateAsync, buyerId, refresh],
  );

  return {
    buy,
    /** The item this hook is buying right now, if any. */
    pendingItemId: mutation.isPending ? mutation.variables.showItemId : null,
  };
}
