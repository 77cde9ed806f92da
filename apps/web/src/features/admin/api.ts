import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPurchase,
  AdminShow,
  AdminShowItem,
  CreateShowBody,
  CreateShowItemBody,
  MessageResponse,
  ScheduleShowBody,
  UpdateShowBody,
} from '@vault/contracts';
import { ApiError, apiRequest } from '../../lib/api-client';
import { liveShowKey, purchasesKey, showItemsKey, showsKey } from './keys';

async function sendJson<T>(method: string, url: string, body: unknown = {}): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

/** The server's `{ message }` of a failed call, when it sent one. */
export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

export function useShows() {
  return useQuery<AdminShow[]>({ queryKey: showsKey });
}

export function useShowItems() {
  return useQuery<AdminShowItem[]>({ queryKey: showItemsKey });
}

/** Start, pause and reset change the live show, its lineup's statuses and the show list. */
function useShowCommand<V>(send: (vars: V) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: liveShowKey });
      void queryClient.invalidateQueries({ queryKey: showsKey });
      void queryClient.invalidateQueries({ queryKey: showItemsKey });
    },
  });
}

export const useStartShow = () =>
  useShowCommand((showId: string) => sendJson<MessageResponse>('POST', '/api/show/start', { showId }));
export const usePauseShow = () => useShowCommand<void>(() => sendJson<MessageResponse>('POST', '/api/show/pause', {}));
/** SPEC §7: reset sends the running show's id. */
export const useResetShow = () =>
  useShowCommand((showId: string) => sendJson<MessageResponse>('POST', '/api/show/reset', { showId }));

export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShowBody) => sendJson<AdminShow>('POST', '/api/shows', body),
    onSuccess: (show) => {
      queryClient.setQueryData<AdminShow[]>(showsKey, (shows) => (shows ? [show, ...shows] : shows));
      void queryClient.invalidateQueries({ queryKey: showsKey });
    },
  });
}

export function useCreateShowItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShowItemBody) => sendJson<AdminShowItem>('POST', '/api/show-items', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: showItemsKey });
      // The item joined the end of its show's lineup.
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

export function useUpdateShow() {
  const queryClient = useQueryClient();
  const replace = useReplaceShow();
  return useMutation({
    mutationFn: ({ showId, body }: { showId: string; body: UpdateShowBody }) =>
      sendJson<AdminShow>('PATCH', `/api/shows/${encodeURIComponent(showId)}`, body),
    onSuccess: (show) => {
      replace(show);
      void queryClient.invalidateQueries({ queryKey: liveShowKey });
    },
  });
}

/** PATCH {lineup}; the list shows the new order at once and goes back if the server refuses. */
export function useReorderLineup() {
  const queryClient = useQueryClient();
  const replace = useReplaceShow();
  return useMutation({
    mutationFn: ({ show, lineup }: { show: AdminShow; lineup: AdminShowItem[] }) =>
      sendJson<AdminShow>('PATCH', `/api/shows/${encodeURIComponent(show.id)}`, { lineup: lineup.map((i) => i.id) }),
    onMutate: ({ show, lineup }) => {
      replace({ ...show, lineup });
      return { previous: show };
    },
    onError: (_error, _vars, context) => {
      if (context) replace(context.previous);
    },
    onSuccess: (show) => {
      replace(show);
      void queryClient.invalidateQueries({ queryKey: liveShowKey });
    },
  });
}

export function useScheduleShow() {
  const queryClient = useQueryClient();
  const replace = useReplaceShow();
  return useMutation({
    mutationFn: ({ showId, body }: { showId: string; body: ScheduleShowBody }) =>
      sendJson<AdminShow>('PATCH', `/api/shows/${encodeURIComponent(showId)}/schedule`, body),
    onSuccess: (show) => {
      replace(show);
      void queryClient.invalidateQueries({ queryKey: liveShowKey });
    },
  });
}

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
      sendJson<AdminPurchase>('POST', `/api/purchases/${encodeURIComponent(purchaseId)}/${action}`),
    onSuccess: (purchase) => {
      queryClient.setQueryData<AdminPurchase[]>(purchasesKey(showId), (list) =>
        list?.map((p) => (p.id === purchase.id ? purchase : p)),
      );
    },
  });
}
