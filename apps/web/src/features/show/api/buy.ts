import type { BuyBody, BuyResponse } from '@vault/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/show/buy; the Idempotency-Key makes a resend after a lost answer return the same purchase. */
export function postBuy(body: BuyBody, idempotencyKey: string): Promise<BuyResponse> {
  return api.post<BuyResponse>('/api/show/buy', body, { 'idempotency-key': idempotencyKey });
}
