import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShowItem, CreateShowItemBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { showsKey } from '../shows/api';

export const showItemsKey = ['/api/show-items'] as const;

export function useShowItems() {
  return useQuery<AdminShowItem[]>({ queryKey: showItemsKey });
}

export function useCreateShowItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShowItemBody) => api.post<AdminShowItem>('/api/show-items', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: showItemsKey });
      // The item joined the end of its show's lineup.
      void queryClient.invalidateQueries({ queryKey: showsKey });
    },
  });
}
