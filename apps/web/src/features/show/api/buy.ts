import { type BuyBody, IDEMPOTENCY_HEADER } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { liveSocket } from '../../../lib/live-show/live-socket';
import { type BuyAnswer, readBuyAnswer } from './buy-answer';
import { emitBuy } from './socket-buy';

/**
 * A buy waits on the payment gateway, but not forever: past this the answer counts as lost and
 * the purchase is re-sent with the same key (the server then answers with the first purchase).
 * The same on both transports: a dead socket does not need a shorter one, since the feed closes a
 * silent socket within ~2 s and a closed socket fails its pending buy at once; a shorter timeout
 * would only cut off a slow gateway.
 */
const BUY_TIMEOUT_MS = 10_000;

/**
 * POST /api/show/buy; the Idempotency-Key makes a resend after a lost answer return the same
 * purchase (or, on a draw item, the same entry).
 */
async function postBuy(body: BuyBody, idempotencyKey: string): Promise<BuyAnswer> {
  const answer = await api.post<unknown>('/api/show/buy', body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeoutMs: BUY_TIMEOUT_MS,
  });
  return readBuyAnswer(answer);
}

/**
 * One buy attempt, over the live socket while there is one (no new HTTP request), else POST.
 * Chosen afresh on every attempt: a re-send after a drop goes over whichever is up, and the server
 * treats the same key on either transport as one purchase.
 */
export function sendBuy(body: BuyBody, idempotencyKey: string): Promise<BuyAnswer> {
  const socket = liveSocket();
  return socket ? emitBuy(socket, body, idempotencyKey, BUY_TIMEOUT_MS) : postBuy(body, idempotencyKey);
}
