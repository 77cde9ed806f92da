import {
  type ClientToServerEvents,
  createShowFollower,
  LineupEligibility,
  type ServerToClientEvents,
  socketEvents,
} from '@vault/contracts';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { sampleFromRoundTrip } from './clock-offset';
import { createPingRtt } from './clock-ping';
import { fetchShowState, fetchWatchers, refreshShowState, takeBootShowState } from './fetch-show-state';
import { holdLiveSocket, releaseLiveSocket } from './live-socket';
import { createLinkWatch } from './liveness';
import { useLiveShow } from './store';

/** A measured clock sample this often while the socket is up (ticks carry no round trip). */
const CLOCK_PING_MS = 3000;
const CLOCK_PING_TIMEOUT_MS = 2000;
/** Until the socket is up, poll after this long so the screen is never empty. */
const FIRST_POLL_MS = 1500;
/** Polls allowed on the wire at once: enough that one stuck in a dead connection cannot stall the feed. */
const MAX_POLLS_IN_FLIGHT = 2;
/**
 * When the link goes silent, the browser's idle keep-alive connections died with it, and a poll
 * takes one of them (fetch cannot ask for a fresh one). A few polls this far apart use them up —
 * each sits in a dead connection until its timeout, which then closes it — so that one opens a
 * fresh connection and answers while the socket is still reconnecting.
 */
const SILENT_BURST = { polls: 4, everyMs: 200 } as const;
/** A tick naming another step than the one held asks for the state, at most this often. */
const CATCH_UP_MS = 2000;

interface LiveShowFeedOptions {
  /** How often GET /api/show/state is polled while the socket is down: 1 s on /show, 2 s on /admin. */
  pollMs: number;
  /** Also poll the watcher count while the socket is down (the admin page; the socket pushes it). */
  watchers?: boolean;
}

/**
 * Keeps the live-show store fed: a Socket.IO connection while it is up, polling while it is not,
 * switching back and forth by itself.
 * - Liveness: the server sends something every second (the tick). ~2 s of silence means the link
 *   is dead even though no socket closed (a blackhole): polling starts at once and the socket is
 *   closed and reopened on a fresh connection rather than left to Socket.IO's heartbeat.
 * - "Live" again only once the reconnected socket has delivered state (the server sends it on
 *   connect), so the indicator never claims a link that has not proved itself.
 * - Every poll has a timeout and a second may run beside a stuck one, so a poll lost in a dead
 *   connection never stops polling.
 * - Changes: after the full state on connect, the server sends each change as the ops from its
 *   previous push when smaller (`show:change`); one that does not follow from the view held
 *   (a push went missing) is dropped for a poll.
 * - Clock: polls and `clock:ping` acks are measured samples (see clock-offset.ts).
 * No poll on connect: the server sends the state (and an admin the watcher count) to every socket
 * that joins; polls that cross it are harmless (the store keeps the highest step).
 */
export function useLiveShowFeed({ pollMs, watchers = false }: LiveShowFeedOptions) {
  useEffect(() => {
    const { receive, confirm, clockSample, setConnection, setWatchers, receiveEligibility } = useLiveShow.getState();

    // Polls start every pollMs; one lost in a dead connection does not hold the next back (a
    // second runs beside it, on another connection), and each gives up after its own timeout.
    let polling: ReturnType<typeof setInterval> | undefined;
    let inFlight = 0;
    const poll = async (limit: number = MAX_POLLS_IN_FLIGHT) => {
      if (inFlight >= limit) return;
      inFlight += 1;
      // Offline or timed out: the next poll tries again.
      await Promise.allSettled([fetchShowState(), watchers ? fetchWatchers() : undefined]);
      inFlight -= 1;
    };
    const startPolling = () => {
      setConnection('polling');
      if (polling) return;
      void poll();
      polling = setInterval(poll, pollMs);
    };
    let burst: ReturnType<typeof setTimeout>[] = [];
    const burstPolls = () => {
      for (let i = 1; i < SILENT_BURST.polls; i++) {
        burst.push(setTimeout(() => void poll(SILENT_BURST.polls), i * SILENT_BURST.everyMs));
      }
    };
    const stopPolling = () => {
      clearInterval(polling);
      polling = undefined;
      for (const timer of burst) clearTimeout(timer);
      burst = [];
    };

    setConnection('connecting');
    // Opened at /show: the state read with the page paints the show while the socket connects.
    takeBootShowState();
    // Typed by the contracts' event table: a payload changed there does not compile here.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      withCredentials: true,
      // Back quickly, jittered so thousands of phones do not return in the same millisecond.
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      randomizationFactor: 0.5,
      // A handshake into a dead connection is given up after this, not Socket.IO's 20 s.
      timeout: 3000,
    });

    let stateSinceConnect = false;
    // Pushes rebuilt into views: full states, and the changes between them.
    const follower = createShowFollower();
    const watch = createLinkWatch({
      onSilent: () => {
        // Close and reopen: the old transport sits on a dead connection that would only be noticed
        // by the heartbeat. disconnect() fires 'disconnect' at once, which starts polling.
        // Reopen over WebSocket only: a long-polling handshake would go into the browser's pooled
        // keep-alive connections, which a silent link has killed too; a WebSocket always dials anew.
        socket.disconnect();
        burstPolls();
        socket.io.opts.transports = ['websocket'];
        socket.connect();
      },
    });

    let lastCatchUp = 0;
    // Each ping reports the round trip the one before it measured (the reaction-time report nets
    // it out). Kept across reconnections: the same device on the same network, most of the time.
    const rtt = createPingRtt();
    const pingClock = () => {
      if (!socket.connected) return;
      const sent = Date.now();
      socket.timeout(CLOCK_PING_TIMEOUT_MS).emit(socketEvents.clockPing, rtt.ping(sent), (error, pong) => {
        if (error || !pong) return;
        const answered = Date.now();
        watch.heard();
        rtt.answered(sent, answered);
        clockSample(sampleFromRoundTrip(sent, answered, pong.serverTime));
      });
    };
    const clockTimer = setInterval(pingClock, CLOCK_PING_MS);

    socket.onAny(() => watch.heard());
    socket.on('connect', () => {
      stateSinceConnect = false;
      watch.start();
      pingClock();
    });
    socket.on('disconnect', () => {
      releaseLiveSocket(socket);
      follower.reset();
      watch.stop();
      stateSinceConnect = false;
      startPolling();
    });
    socket.on('connect_error', startPolling);
    socket.on(socketEvents.change, (change) => {
      const view = follower.change(change);
      // A change for a base not held (one went missing): ask for the whole state.
      if (view) receive(view);
      else refreshShowState();
    });
    socket.on(socketEvents.state, (pushed, rev) => {
      receive(follower.state(pushed, rev));
      if (stateSinceConnect) return;
      stateSinceConnect = true;
      stopPolling();
      setConnection('live');
      holdLiveSocket(socket);
    });
    socket.on(socketEvents.tick, (t) => {
      if (confirm(t.step, t.serverTime) || !stateSinceConnect) return;
      // The server is at another step than the one held: a state went missing. Fetch it.
      const now = Date.now();
      if (now - lastCatchUp < CATCH_UP_MS) return;
      lastCatchUp = now;
      refreshShowState();
    });
    socket.on(socketEvents.watchers, (w) => setWatchers(w.count));
    // The member's own eligibility per lineup item: on connect and whenever rules, lineup or their
    // facts change. Checked, since a malformed map would take Buy buttons away.
    socket.on(socketEvents.eligibility, (pushed) => {
      const parsed = LineupEligibility.safeParse(pushed);
      if (parsed.success) receiveEligibility(parsed.data.items);
    });
    const fallback = setTimeout(() => {
      if (!stateSinceConnect) startPolling();
    }, FIRST_POLL_MS);

    return () => {
      clearTimeout(fallback);
      clearInterval(clockTimer);
      watch.stop();
      // Closing a connected socket fires 'disconnect', which would start polling for a page
      // that is gone: drop the listeners first.
      socket.offAny();
      socket.removeAllListeners();
      releaseLiveSocket(socket);
      socket.close();
      stopPolling();
    };
  }, [pollMs, watchers]);
}
