import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPurchase,
  AdminShowItem,
  AdminTestProduct,
  CreateTestProductBody,
  MessageResponse,
  RelistBody,
  UpdateTestProductBody,
} from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { testProductsKey } from '../../../lib/query-keys';
import { purchasesKey } from '../api/purchases';
import { showItemsKey } from '../api/show-items';
import { showsKey } from '../api/shows';

export const adminTestProductsKey = ['/api/admin/test-products'] as const;

const productUrl = (id: string) => `/api/admin/test-products/${encodeURIComponent(id)}`;

/** Every test product, sold out ones included, newest first; read afresh when the tab opens. */
export function useAdminTestProducts() {
  return useQuery<AdminTestProduct[]>({ queryKey: adminTestProductsKey, staleTime: 0, refetchOnMount: 'always' });
}

/**
 * After any change to what is on sale: the admin's lists, and the members' grid (cached in this
 * same app when the admin goes back to /show).
 */
function refreshInventory(queryClient: QueryClient) {
  for (const queryKey of [adminTestProductsKey, testProductsKey, showItemsKey]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useCreateTestProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTestProductBody) => api.post<AdminTestProduct>('/api/admin/test-products', body),
    onSuccess: () => refreshInventory(queryClient),
  });
}

export function useUpdateTestProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTestProductBody }) =>
      api.patch<AdminTestProduct>(productUrl(id), body),
    onSuccess: () => refreshInventory(queryClient),
  });
}

export function useDeleteTestProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageResponse>(productUrl(id)),
    // A refusal (it was bought meanwhile) also means the list is out of date.
    onSettled: () => refreshInventory(queryClient),
  });
}

/** The key of a show's purchase list (features/admin/api/purchases.ts reads it with this key). */

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
