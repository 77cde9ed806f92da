import { type BuyBody, type BuyResponse, IDEMPOTENCY_HEADER } from '@vault/contracts';
import { api } from '../../../lib/api-client';

/**
 * A buy waits on the payment gateway, but not forever: past this the answer counts as lost and
 * the purchase is re-sent with the same key (the server then answers with the first purchase).
 */
const BUY_TIMEOUT_MS = 10_000;

/** POST /api/show/buy; the Idempotency-Key makes a resend after a lost answer return the same purchase. */
export function postBuy(body: BuyBody, idempotencyKey: string): Promise<BuyResponse> {
  return api.post<BuyResponse>('/api/show/buy', body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    timeoutMs: BUY_TIMEOUT_MS,
  });
}
