import { type ShowStateView, type ShowTick, socketEvents, type WatchersView } from '@vault/contracts';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { fetchShowState, fetchWatchers } from './fetch-show-state';
import { useLiveShow } from './store';

export interface LiveShowFeedOptions {
  /** How often GET /api/show/state is polled while the socket is down: 1 s on /show, 2 s on /admin (SPEC §7). */
  pollMs: number;
  /** Also poll the watcher count while the socket is down (the admin page; the socket pushes it). */
  watchers?: boolean;
}

/**
 * Keeps the live-show store fed: a Socket.IO connection while it is up, polling while it is not,
 * switching back and forth by itself. Each answer also re-measures the server clock offset.
 * No poll on connect: the server sends the state (and an admin the watcher count) to every socket
 * that joins, and a GET racing that push could leave the older answer on screen.
 */
export function useLiveShowFeed({ pollMs, watchers = false }: LiveShowFeedOptions) {
  useEffect(() => {
    const { receive, tick, setConnection, setWatchers } = useLiveShow.getState();
    let polling: ReturnType<typeof setInterval> | undefined;
    let inFlight = false;

    const poll = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        await Promise.all([fetchShowState(), watchers ? fetchWatchers() : undefined]);
      } catch {
        // offline: the next poll tries again
      } finally {
        inFlight = false;
      }
    };
    const startPolling = () => {
      setConnection('polling');
      if (polling) return;
      void poll();
      polling = setInterval(poll, pollMs);
    };
    const stopPolling = () => {
      clearInterval(polling);
      polling = undefined;
    };

    setConnection('connecting');
    const socket = io({
      path: '/socket.io',
      withCredentials: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    socket.on('connect', () => {
      stopPolling();
      setConnection('live');
    });
    socket.on('disconnect', startPolling);
    socket.on('connect_error', startPolling);
    socket.on(socketEvents.state, (view: ShowStateView) => receive(view, view.serverTime - Date.now()));
    socket.on(socketEvents.tick, (t: ShowTick) => tick(t.serverTime - Date.now()));
    socket.on(socketEvents.watchers, (w: WatchersView) => setWatchers(w.count));
    // Until the socket is up, poll so the screen is never empty.
    const fallback = setTimeout(() => {
      if (!socket.connected) startPolling();
    }, 1500);

    return () => {
      clearTimeout(fallback);
      // Closing a connected socket fires 'disconnect', which would start polling for a page
      // that is gone: drop the listeners first.
      socket.removeAllListeners();
      socket.close();
      stopPolling();
    };
  }, [pollMs, watchers]);
}
