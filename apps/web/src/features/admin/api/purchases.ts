import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPurchase } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { outcomeToasts } from './outcome-toasts';

export const purchasesKey = (showId: string) => ['/api/shows', showId, 'purchases'] as const;

export function useShowPurchases(showId: string) {
  // Sales land during a live show: refresh while the list is on screen.
  return useQuery<AdminPurchase[]>({
    queryKey: purchasesKey(showId),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: 5000,
  });
}

type Settle = { purchaseId: string; action: 'capture' | 'void' };

/** Capture or void an authorized sale; its toast outlives the dialog (outcome-toasts.ts). */
export function useSettlePurchase(showId: string) {
  const queryClient = useQueryClient();
  const toasts = outcomeToasts<AdminPurchase, Settle>({
    success: (_purchase, { action }) =>
      action === 'capture' ? { title: 'Payment captured', variant: 'success' } : { title: 'Payment voided' },
    failure: ({ action }) => (action === 'capture' ? 'Failed to capture payment' : 'Failed to void payment'),
  });
  return useMutation({
    mutationFn: ({ purchaseId, action }: Settle) =>
      api.post<AdminPurchase>(`/api/purchases/${encodeURIComponent(purchaseId)}/${action}`, {}),
    onSuccess: (purchase, vars) => {
      queryClient.setQueryData<AdminPurchase[]>(purchasesKey(showId), (list) =>
        list?.map((p) => (p.id === purchase.id ? purchase : p)),
      );
      toasts.onSuccess(purchase, vars);
    },
    onError: toasts.onError,
  });
}
