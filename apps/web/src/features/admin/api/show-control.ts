import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshShowState } from '../../../lib/live-show/fetch-show-state';
import { showItemsKey } from './show-items';
import { showsKey } from './shows';

/** Start, pause and reset change the live show, its lineup's statuses and the show list. */
function useShowCommand<V>(send: (vars: V) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      refreshShowState();
      void queryClient.invalidateQueries({ queryKey: showsKey });
      void queryClient.invalidateQueries({ queryKey: showItemsKey });
    },
  });
}

export const useStartShow = () =>
  useShowCommand((showId: string) => api.post<MessageResponse>('/api/show/start', { showId }));
export const usePauseShow = () => useShowCommand<void>(() => api.post<MessageResponse>('/api/show/pause', {}));
/** SPEC §7: reset sends the running show's id. */
export const useResetShow = () =>
  useShowCommand((showId: string) => api.post<MessageResponse>('/api/show/reset', { showId }));
