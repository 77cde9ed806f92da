import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTestProduct, CreateTestProductBody, MessageResponse, UpdateTestProductBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { testProductsKey } from '../../../lib/query-keys';
import { showItemsKey } from '../show-items/api';

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
export function refreshInventory(queryClient: QueryClient) {
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
