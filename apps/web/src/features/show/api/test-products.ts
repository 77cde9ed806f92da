import { useQuery } from '@tanstack/react-query';
import type { TestProduct } from '@vault/contracts';
import { testProductsKey } from '../../../lib/query-keys';

/** The test product grid's GET /api/test-products, through the default query function. */
export function useTestProducts() {
  return useQuery<TestProduct[]>({ queryKey: testProductsKey });
}
