import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MessageResponse, showMessages } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshShowState } from '../../../lib/live-show/fetch-show-state';
import { type OutcomeToasts, outcomeToasts } from '../shared/outcome-toasts';
import { showItemsKey } from '../show-items/api';
import { showsKey } from '../shows/api';

/**
 * Start, pause and reset change the live show, its lineup's statuses and the show list. Their
 * toasts (Show started!, Failed to start show, …) live here: the button that was pressed is often
 * gone by the time they answer.
 */
function useShowCommand<V>(send: (vars: V) => Promise<MessageResponse>, says: OutcomeToasts<MessageResponse, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...outcomeToasts(says),
    onSettled: () => {
      refreshShowState();
      void queryClient.invalidateQueries({ queryKey: showsKey });
      void queryClient.invalidateQueries({ queryKey: showItemsKey });
    },
  });
}

export const useStartShow = () =>
  useShowCommand((showId: string) => api.post<MessageResponse>('/api/show/start', { showId }), {
    success: { title: showMessages.started, variant: 'success' },
    failure: 'Failed to start show',
  });
export const usePauseShow = () =>
  useShowCommand<void>(() => api.post<MessageResponse>('/api/show/pause', {}), {
    success: { title: showMessages.paused },
    failure: 'Failed to pause show',
  });
/** Reset Show names the show it resets (the live one, or a completed one in the start list). */
export const useResetShow = () =>
  useShowCommand((showId: string) => api.post<MessageResponse>('/api/show/reset', { showId }), {
    success: { title: showMessages.reset },
    failure: 'Failed to reset show',
  });
