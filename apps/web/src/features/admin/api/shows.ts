import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminShow, AdminShowItem, CreateShowBody, ScheduleShowBody, UpdateShowBody } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshShowState } from '../../../lib/live-show/fetch-show-state';

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

/** An edited show may be the live one: its new details show in Show Control at once. */
function useShowEdit<V>(send: (vars: V) => Promise<AdminShow>) {
  const replace = useReplaceShow();
  return useMutation({
    mutationFn: send,
    onSuccess: (show) => {
      replace(show);
      refreshShowState();
    },
  });
}

export const useUpdateShow = () =>
  useShowEdit(({ showId, body }: { showId: string; body: UpdateShowBody }) =>
    api.patch<AdminShow>(showUrl(showId), body),
  );

export const useScheduleShow = () =>
  useShowEdit(({ showId, body }: { showId: string; body: ScheduleShowBody }) =>
    api.patch<AdminShow>(`${showUrl(showId)}/schedule`, body),
  );

/** PATCH {lineup}; the list shows the new order at once and goes back if the server refuses. */
export function useReorderLineup() {
  const replace = useReplaceShow();
  return useMutation({
    mutationFn: ({ show, lineup }: { show: AdminShow; lineup: AdminShowItem[] }) =>
      api.patch<AdminShow>(showUrl(show.id), { lineup: lineup.map((i) => i.id) }),
    onMutate: ({ show, lineup }) => {
      replace({ ...show, lineup });
      return { previous: show };
    },
    onError: (_error, _vars, context) => {
      if (context) replace(context.previous);
    },
    onSuccess: (show) => {
      replace(show);
      refreshShowState();
    },
  });
}
