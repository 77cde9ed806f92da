import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyResponse } from '@vault/contracts';
import { useCallback } from 'react';
import { useCurrentUser } from '../../hooks/use-current-user';
import { serverMessage } from '../../lib/api-client';
import { markIneligible } from '../../lib/live-show/eligibility';
import { refreshShowState } from '../../lib/live-show/fetch-show-state';
import { useLiveShow } from '../../lib/live-show/store';
import { purchasesKey, testProductsKey } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { sendBuy } from './api/buy';
import { confirmingToast, isNotEligible, isSoldOut, purchaseErrorToast, purchaseSuccessToast } from './buy-toasts';
import { answerLost, createKeyRing, outcomeUnknown, randomKey } from './idempotency';

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
async function buyWithKey({ showItemId, key }: { showItemId: string; key: string }): Promise<BuyResponse> {
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
 * Buying a live item or a test product (Buy Now, swipe-to-buy): one request per press, the toasts, and
 * the refresh of show state, purchases and test products. `buy` resolves true on success, so a
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
        const response = await mutateAsync({ showItemId, key });
        keyRing.settle(showItemId, false);
        if (buyerId) useLiveShow.getState().markSold(response.item.id, buyerId);
        toast(purchaseSuccessToast(response));
        refresh();
        return true;
      } catch (error) {
        keyRing.settle(showItemId, outcomeUnknown(error));
        toast(purchaseErrorToast(error));
        // Someone else got it: show the sale now rather than at the next push.
        if (isSoldOut(error)) refresh();
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
