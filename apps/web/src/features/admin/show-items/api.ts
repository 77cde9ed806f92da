import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShowItem, CreateShowItemBody, UpdateShowItemBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { showsKey } from '../shows/api';

export const showItemsKey = ['/api/show-items'] as const;

export function useShowItems() {
  return useQuery<AdminShowItem[]>({ queryKey: showItemsKey });
}

/** The inventory and the shows' lineups (which carry the items) after an item is added or changed. */
function refreshItems(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: showItemsKey });
  void queryClient.invalidateQueries({ queryKey: showsKey });
}

export function useCreateShowItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShowItemBody) => api.post<AdminShowItem>('/api/show-items', body),
    onSuccess: () => refreshItems(queryClient),
  });
}

export function useUpdateShowItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateShowItemBody }) =>
      api.patch<AdminShowItem>(`/api/show-items/${encodeURIComponent(id)}`, body),
    onSuccess: () => refreshItems(queryClient),
  });
}
