import { type ShowStateView, type ShowTick, socketEvents } from '@vault/contracts';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { fetchShowState } from './fetch-show-state';
import { useLiveShow } from './store';

/**
 * Keeps the live-show store fed: a Socket.IO connection while it is up, polling
 * GET /api/show/state (every 1 s on /show, 2 s on /admin — SPEC §4) while it is not, switching
 * back and forth by itself. Each answer also re-measures the server clock offset.
 */
export function useLiveShowFeed(pollMs: number) {
  useEffect(() => {
    const { receive, tick, setConnection } = useLiveShow.getState();
    let polling: ReturnType<typeof setInterval> | undefined;
    let inFlight = false;

    const poll = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        await fetchShowState();
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
    // Until the socket is up, poll so the screen is never empty.
    const fallback = setTimeout(() => {
      if (!socket.connected) startPolling();
    }, 1500);

    return () => {
      clearTimeout(fallback);
      stopPolling();
      socket.close();
    };
  }, [pollMs]);
}
