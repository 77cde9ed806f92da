import { createAdapter } from '@socket.io/redis-streams-adapter';
import { type ClientToServerEvents, ClockPing, type ServerToClientEvents, socketEvents } from '@vault/contracts';
import { reportRedisOutages } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { findUserRole } from '../auth';
import type { SessionsEnded } from '../core/deps';
import { errorAnswer, socketRefusal } from '../core/error-answer';
import { apiBackground } from '../platform/background';
import { SIGNED_OUT } from '../platform/current-user';
import { isOwnSocketOrigin, publicOriginOf } from '../platform/origin';
import { sessionTag } from '../platform/session/plugin';
import { nextPush, type Pushed } from './show-push';
import { createWatcherCount } from './watchers';

declare module 'fastify' {
  interface FastifyInstance {
    io: LiveServer;
    /** Members with the show screen open right now, across every instance. */
    watchers(): Promise<number>;
  }
}

// Socket.IO's defaults (25 s + 20 s) leave a silent client counted as a watcher for up to 45 s:
// ping every 5 s and drop a client that has not answered within 4 more.
const PING_INTERVAL_MS = 5000;
const PING_TIMEOUT_MS = 4000;

/** What the handshake proved, kept on the socket (in this process's memory only). */
export interface MemberSocketData {
  userId: string;
  /** The session it was opened with (its sessionTag names its room), checked again before a Buy. */
  sid: string;
  /** When the handshake began reading the session: an end at or after this closes the socket. */
  authenticatedAt: number;
}

/** The replicas send each other no events of their own (the adapter carries the broadcasts). */
type NoInterServerEvents = Record<never, never>;
/**
 * The live show's Socket.IO server, typed by the event table of @vault/contracts (what is emitted
 * and what is listened to) and by what the handshake keeps on each socket.
 */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, MemberSocketData>;
/** A signed-in member's socket on the live show's server. */
export type MemberSocket = Socket<ClientToServerEvents, ServerToClientEvents, NoInterServerEvents, MemberSocketData>;

/** Rooms that name whose sockets to close when sessions end (joined on this instance only). */
export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (tag: string) => `session:${tag}`;

/**
 * Socket.IO on the app's own origin (/socket.io). The handshake is authenticated from the session
 * cookie and its Origin checked (CORS does not guard the upgrade). A socket lives no longer than
 * its session: when the session ends (logout, password reset, promotion — on any replica, told by
 * the session store), its sockets are disconnected and a reconnect with the old cookie is refused.
 * Every member gets the full `show:state` at once on connect — recovered or not, so a reconnect
 * never shows stale state — and every change this instance's snapshot sees (the bus brings
 * changes from workers and other replicas) as a `show:change` or a full state, plus a volatile
 * `show:tick` each second for liveness (a client that hears nothing for ~2 s treats the link as
 * dead). A `clock:ping` is acknowledged with the server's time, so the client measures its offset
 * over a known round trip; the round trip the client last measured comes with it, and with the
 * push of each new item and the sockets' opens and closes it tells the press recorder when a
 * reveal reached each member (presses/reactions.ts).
 * Scaled: the Redis streams adapter joins the replicas (connection state recovery, cross-replica
 * socket counts).
 */
export const realtime = fp(
  async (app: FastifyInstance) => {
    const publicOrigin = publicOriginOf(app.config);
    const adapterClient = app.redis?.duplicate();
    // A duplicate inherits no listeners: without one, every failed retry in an outage is printed.
    if (adapterClient) reportRedisOutages(adapterClient, 'vault-api socket adapter', app.log);
    const io: LiveServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      pingInterval: PING_INTERVAL_MS,
      pingTimeout: PING_TIMEOUT_MS,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
      allowRequest: (req, callback) => {
        const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
        const allowed = isOwnSocketOrigin(req.headers.origin, { host: req.headers.host, encrypted }, publicOrigin);
        callback(allowed ? null : 'Cross-site connection refused', allowed);
      },
      ...(adapterClient
        ? { adapter: createAdapter(adapterClient, { streamName: `${app.config.redisPrefix}:socket.io` }) }
        : {}),
    });
    app.decorate('io', io);

    io.use((socket, next) => {
      const authenticatedAt = Date.now();
      app.sessionFromCookie(socket.handshake.headers.cookie).then(
        (found) => {
          if (!found) return next(socketRefusal(errorAnswer(SIGNED_OUT)));
          const data: MemberSocketData = { ...found, authenticatedAt };
          socket.data = data;
          next();
        },
        (error: unknown) => {
          // The store failed (the database is down, say): the client learns that much, not the details.
          const answer = errorAnswer(error);
          if (answer.log) app.log[answer.log.level]({ err: error, via: 'socket handshake' }, answer.log.msg);
          next(socketRefusal(answer));
        },
      );
    });

    const { sessionStore } = app;
    const closeEnded = (message: SessionsEnded) => {
      const room = message.type === 'session.ended' ? sessionRoom(message.session) : userRoom(message.userId);
      io.local.in(room).disconnectSockets(true);
    };
    sessionStore.on('ended', closeEnded);

    const { store } = app.shows;
    const { reactions } = app.presses;
    const watchers = createWatcherCount(app.redis, app.config.redisPrefix);
    let total = 0;
    app.decorate('watchers', () => watchers.total());
    // Read at scrape time: the count kept below, not a Redis round trip per scrape.
    app.metrics.sources.openSockets = () => io.of('/').sockets.size;
    app.metrics.sources.watchers = () => total;
    io.on('connection', (socket) => {
      const member = socket.data;
      const tag = sessionTag(member.sid);
      void socket.join([userRoom(member.userId), sessionRoom(tag)]);
      // The session may have ended between the handshake's read and the join (then no room held
      // this socket when the end was broadcast).
      if (sessionStore.endedSince(tag, member.userId, member.authenticatedAt)) {
        socket.disconnect(true);
        return;
      }
      socket.emit(socketEvents.state, store.view(Date.now()), pushed.rev);
      // Whether the member had a socket here while an item was on decides when its reveal reached them.
      reactions.socketOpened(member.userId);
      socket.once('disconnect', () => reactions.socketClosed(member.userId, Date.now()));
      // The payload is whatever the client sent (parsed here), and the ack is absent if it asked for none.
      socket.on(socketEvents.clockPing, (payload: unknown, ack) => {
        const ping = ClockPing.safeParse(payload);
        if (!ping.success) return;
        // The client's last measured round trip: netted out of this member's reaction times.
        if (ping.data.rttMs !== undefined) reactions.linkDelay(member.userId, ping.data.rttMs);
        if (typeof ack === 'function') ack({ clientTime: ping.data.clientTime, serverTime: Date.now() });
      });
      // Admins get the live watcher count; everyone else is a watcher.
      void findUserRole(app.db, member.userId)
        .then((role) => {
          if (!socket.connected) return;
          if (role === 'admin') {
            void socket.join('admins');
            void watchers.total().then((count) => socket.emit(socketEvents.watchers, { count }));
            return;
          }
          const { userId } = member;
          watchers.join(userId);
          socket.once('disconnect', () => watchers.leave(userId));
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'socket role lookup failed'));
    });
    // Every couple of seconds: count, and tell this instance's admins when the number moved.
    const background = apiBackground(app);
    const stopCounter = background.every('watcher-count', () => {
      const before = total;
      watchers
        .total()
        .then((count) => {
          total = count;
          if (count !== before) io.local.to('admins').emit(socketEvents.watchers, { count });
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'counting watchers failed'));
    });
    // Every change goes to every socket of this instance as ONE packet, encoded once (a broadcast).
    // After the full view on connect, a change is sent as the ops from the previous push when
    // that is smaller (a Sold is a few hundred bytes against a full lineup): less to write to
    // thousands of sockets, and less for each phone to receive and parse.
    let pushed: Pushed = { rev: 0, view: store.view(Date.now()) };
    // The first change is the snapshot this replica loads as it starts: it did not see that item
    // come on, so it knows no reveal time for it (its presses get no reaction time).
    let loaded = false;
    const pushState = () => {
      const started = performance.now();
      const now = Date.now();
      const push = nextPush(pushed, store.view(now), store.json(now));
      pushed = push.pushed;
      if (push.event === 'change') io.local.emit(socketEvents.change, push.change);
      else io.local.emit(socketEvents.state, push.view, push.rev);
      // One number per item per replica: when its reveal went out to every socket here.
      reactions.pushed(push.pushed.view.currentItem?.id ?? null, now, loaded);
      loaded = true;
      app.metrics.fanout(push.event, (performance.now() - started) / 1000);
    };
    store.on('change', pushState);
    const stopTicker = background.every('socket-tick', () => {
      io.local.volatile.emit(socketEvents.tick, { serverTime: Date.now(), step: store.step() });
    });

    // Draining: close each socket's transport. The client takes that as a lost connection and
    // reconnects by itself (a server-side disconnect() would tell it to stay away); with this
    // replica's listener closed, the proxy sends it to another one, which sends the state on connect.
    app.drain.onDrain(async () => {
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    });
    // Open sockets would hold app.close() forever: disconnect them first.
    app.addHook('preClose', async () => {
      stopTicker();
      stopCounter();
      await watchers.close();
      store.off('change', pushState);
      sessionStore.off('ended', closeEnded);
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      adapterClient?.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['drain', 'metrics', 'presses', 'sessions', 'show-engine'] },
);
