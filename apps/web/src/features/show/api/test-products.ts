import { useQuery } from '@tanstack/react-query';
import type { TestProduct } from '@vault/contracts';
import { testProductsKey } from '../../../lib/query-keys';

/** GET /api/test-products through the default query function (SPEC §7). */
export function useTestProducts() {
  return useQuery<TestProduct[]>({ queryKey: testProductsKey });
}
