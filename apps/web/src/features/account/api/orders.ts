import { useQuery } from '@tanstack/react-query';
import type { OrderView, PurchaseView } from '@vault/contracts';
import { purchasesKey } from '../../../lib/query-keys';

const ordersKey = ['/api/orders'] as const;

export function useOrders() {
  return useQuery<OrderView[]>({ queryKey: ordersKey });
}

export function usePurchases() {
  return useQuery<PurchaseView[]>({ queryKey: purchasesKey });
}
