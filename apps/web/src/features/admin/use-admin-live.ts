import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ShowStateView, socketEvents, type WatchersView } from '@vault/contracts';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { getJson } from '../../lib/api-client';
import { liveShowKey, showItemsKey, showsKey, watchersKey } from './keys';
import { isOlderView, type LiveSample, showMoved } from './live-view';

/** SPEC §4/§9: the admin page polls the show state every 2 s (here: whenever the socket is down). */
const POLL_MS = 2000;

export type Connection = 'connecting' | 'live' | 'polling';

/** Keeps the newest view in the cache; when the show moved on, the lists mirroring it refresh. */
function accept(queryClient: QueryClient, view: ShowStateView, offsetMs: number): LiveSample {
  const held = queryClient.getQueryData<LiveSample>(liveShowKey);
  if (held && isOlderView(held.view, view)) return held;
  if (held && showMoved(held.view, view)) {
    void queryClient.invalidateQueries({ queryKey: showsKey });
    void queryClient.invalidateQueries({ queryKey: showItemsKey });
  }
  return { view, offsetMs };
}

/**
 * The live show and the watcher count for the admin page: `show:state` and `show:watchers`
 * pushes over Socket.IO write straight into the query cache; while the socket is not connected
 * both are polled every 2 s instead. One socket per admin page.
 */
export function useAdminLive() {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>('connecting');
  const polling = connection === 'live' ? false : POLL_MS;

  const live = useQuery({
    queryKey: liveShowKey,
    queryFn: async () => {
      const sent = Date.now();
      const view = await getJson<ShowStateView>('/api/show/state');
      // The server read its clock about halfway through the round trip.
      return accept(queryClient, view, view.serverTime - (sent + Date.now()) / 2);
    },
    refetchInterval: polling,
  });
  const watchers = useQuery<WatchersView>({ queryKey: watchersKey, refetchInterval: polling });

  useEffect(() => {
    const socket = io({
      path: '/socket.io',
      withCredentials: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    // No refetch on connect: the server sends the state and the watcher count to every socket
    // that joins, and a GET of the count racing that push could leave the older number on screen.
    socket.on('connect', () => setConnection('live'));
    socket.on('disconnect', () => setConnection('polling'));
    socket.on('connect_error', () => setConnection('polling'));
    socket.on(socketEvents.state, (view: ShowStateView) => {
      queryClient.setQueryData(liveShowKey, accept(queryClient, view, view.serverTime - Date.now()));
    });
    socket.on(socketEvents.watchers, (count: WatchersView) => queryClient.setQueryData(watchersKey, count));
    return () => {
      socket.close();
    };
  }, [queryClient]);

  return { live, watchers: watchers.data?.count, connection };
}
