import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPurchase, AdminShowItem, RelistBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { outcomeToasts } from '../shared/outcome-toasts';
import { showsKey } from '../shows/api';
import { refreshInventory } from '../test-products/api';

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

/** Capture or void an authorized sale; its toast outlives the dialog (shared/outcome-toasts.ts). */
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

/** Relists a voided purchase's item; its row then says Relisted, and the item shows where it went. */
export function useRelistPurchase(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, body }: { purchaseId: string; body: RelistBody }) =>
      api.post<AdminShowItem>(`/api/purchases/${encodeURIComponent(purchaseId)}/relist`, body),
    onSuccess: (item, { purchaseId }) => {
      queryClient.setQueryData<AdminPurchase[]>(purchasesKey(showId), (list) =>
        list?.map((p) => (p.id === purchaseId ? { ...p, relistedItemId: item.id } : p)),
      );
      void queryClient.invalidateQueries({ queryKey: showsKey });
      refreshInventory(queryClient);
    },
  });
}
