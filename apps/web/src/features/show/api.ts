import { useQuery } from '@tanstack/react-query';
import type { BuyBody, BuyResponse, TestProduct } from '@vault/contracts';
import { apiRequest } from '../../lib/api-client';
import { testProductsKey } from '../../lib/query-keys';

/** GET /api/test-products through the default query function (SPEC §7). */
export function useTestProducts() {
  return useQuery<TestProduct[]>({ queryKey: testProductsKey });
}

/** POST /api/show/buy; the Idempotency-Key makes a resend after a lost answer return the same purchase. */
export async function postBuy(body: BuyBody, idempotencyKey: string): Promise<BuyResponse> {
  const response = await apiRequest('POST', '/api/show/buy', body, { 'idempotency-key': idempotencyKey });
  return (await response.json()) as BuyResponse;
}
