import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShow, AdminShowItem, CreateShowBody, ScheduleShowBody, UpdateShowBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshShowState } from '../../../lib/live-show/fetch-show-state';
import { type OutcomeToasts, outcomeToasts } from '../shared/outcome-toasts';

export const showsKey = ['/api/shows'] as const;

const showUrl = (showId: string) => `/api/shows/${encodeURIComponent(showId)}`;

export function useShows() {
  return useQuery<AdminShow[]>({ queryKey: showsKey });
}

export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShowBody) => api.post<AdminShow>('/api/shows', body),
    onSuccess: (show) => {
      queryClient.setQueryData<AdminShow[]>(showsKey, (shows) => (shows ? [show, ...shows] : shows));
      void queryClient.invalidateQueries({ queryKey: showsKey });
    },
  });
}

/** Puts an answer for one show into the list, so every card shows it without a refetch. */
function useReplaceShow() {
  const queryClient = useQueryClient();
  return (show: AdminShow) =>
    queryClient.setQueryData<AdminShow[]>(showsKey, (shows) => shows?.map((s) => (s.id === show.id ? show : s)));
}

/**
 * An edited show may be the live one: its new details show in Show Control at once. Toasts given
 * here outlive the form that sent the edit (shared/outcome-toasts.ts); forms that await mutateAsync toast themselves.
 */
function useShowEdit<V>(send: (vars: V) => Promise<AdminShow>, says?: OutcomeToasts<AdminShow, V>) {
  const replace = useReplaceShow();
  const toasts = says ? outcomeToasts(says) : undefined;
  return useMutation({
    mutationFn: send,
    onSuccess: (show, vars) => {
      replace(show);
      refreshShowState();
      toasts?.onSuccess(show, vars);
    },
    onError: toasts?.onError,
  });
}

export const useUpdateShow = () =>
  useShowEdit(({ showId, body }: { showId: string; body: UpdateShowBody }) =>
    api.patch<AdminShow>(showUrl(showId), body),
  );

/** The Schedule Show toasts: Show Scheduled, or Failed to Schedule Show with the server's message. */
export const useScheduleShow = () =>
  useShowEdit(
    ({ showId, body }: { showId: string; body: ScheduleShowBody }) =>
      api.patch<AdminShow>(`${showUrl(showId)}/schedule`, body),
    {
      success: { title: 'Show Scheduled', variant: 'success' },
      failure: 'Failed to Schedule Show',
      fallback: 'Unable to schedule show',
    },
  );

/** PATCH {lineup}; the list shows the new order at once and goes back if the server refuses. */
export function useReorderLineup() {
  const replace = useReplaceShow();
  const toasts = outcomeToasts<AdminShow, { show: AdminShow }>({ failure: 'Failed to reorder lineup' });
  return useMutation({
    mutationFn: ({ show, lineup }: { show: AdminShow; lineup: AdminShowItem[] }) =>
      api.patch<AdminShow>(showUrl(show.id), { lineup: lineup.map((i) => i.id) }),
    onMutate: ({ show, lineup }) => {
      replace({ ...show, lineup });
      return { previous: show };
    },
    onError: (error, vars, context) => {
      if (context) replace(context.previous);
      toasts.onError(error, vars);
    },
    onSuccess: (show) => {
      replace(show);
      refreshShowState();
    },
  });
}
