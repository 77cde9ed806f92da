import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FulfillmentSettings,
  MemberReturn,
  OrderList,
  type OrderView,
  type PurchaseView,
  type ReturnBody,
} from '@vault/contracts';
import { api, serverCode } from '../../../lib/api-client';
import { purchasesKey } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { returnRequestProblem } from '../fulfillment-display';

// The member's orders with what happened after the sale (shipment, refunds, return), checked
// against their contracts: a drifted answer fails here, not as a package shown in the wrong state.

export const ordersKey = ['/api/orders'] as const;
export const fulfillmentSettingsKey = ['/api/fulfillment/settings'] as const;

/**
 * Read afresh each time the Orders tab or /account opens: a package ships, is delivered or is
 * refunded while the member is away, and "where is my knife?" wants today's answer.
 */
export function useOrders() {
  return useQuery({
    queryKey: ordersKey,
    queryFn: async () => OrderList.parse(await api.get<unknown>(ordersKey[0])),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function usePurchases() {
  return useQuery<PurchaseView[]>({ queryKey: purchasesKey });
}

/** The operator's return window (days after delivery), for the note on orders not yet returnable. */
export function useFulfillmentSettings() {
  return useQuery({
    queryKey: fulfillmentSettingsKey,
    queryFn: async () => FulfillmentSettings.parse(await api.get<unknown>(fulfillmentSettingsKey[0])),
  });
}

/** The order as it reads once its return is requested: the new return, and no second request. */
export function withReturn(orders: readonly OrderView[], purchaseId: string, requested: MemberReturn): OrderView[] {
  return orders.map((order) =>
    order.id === purchaseId ? { ...order, return: requested, returnableUntil: null } : order,
  );
}

/**
 * POST /api/returns {purchaseId, reason}. The order shows the new return at once and the list is
 * read again; the toast is given here, where it survives the form closing before the answer. A
 * refusal (the window closed, a return already asked for elsewhere) means the order has changed:
 * it is read again, and the server's reason is told in a toast, since the fresh order may no longer
 * have the form that showed it.
 */
export const requestReturnOptions = (queryClient: QueryClient) => ({
  mutationFn: async (body: ReturnBody) => MemberReturn.parse(await api.post<unknown>('/api/returns', body)),
  onSuccess: (requested: MemberReturn, { purchaseId }: ReturnBody) => {
    queryClient.setQueryData<OrderView[]>(ordersKey, (orders) =>
      orders ? withReturn(orders, purchaseId, requested) : orders,
    );
    void queryClient.invalidateQueries({ queryKey: ordersKey });
    toast({
      title: 'Return Requested',
      description: `Your return number is ${requested.number}. We will email you once it is reviewed.`,
      variant: 'success',
    });
  },
  onError: (error: Error) => {
    if (serverCode(error) !== 'return_not_allowed') return;
    void queryClient.invalidateQueries({ queryKey: ordersKey });
    toast({ title: 'Return Not Requested', description: returnRequestProblem(error), variant: 'destructive' });
  },
});

export function useRequestReturn() {
  return useMutation(requestReturnOptions(useQueryClient()));
}
