import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPurchase } from '@vault/contracts';
import { api } from '../../../lib/api-client';

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

export function useSettlePurchase(showId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, action }: { purchaseId: string; action: 'capture' | 'void' }) =>
      api.post<AdminPurchase>(`/api/purchases/${encodeURIComponent(purchaseId)}/${action}`, {}),
    onSuccess: (purchase) => {
      queryClient.setQueryData<AdminPurchase[]>(purchasesKey(showId), (list) =>
        list?.map((p) => (p.id === purchase.id ? purchase : p)),
      );
    },
  });
}
