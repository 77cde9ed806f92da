import { createAdapter } from '@socket.io/redis-streams-adapter';
import { socketEvents } from '@vault/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createWatcherCount } from '../services/watchers';
import { SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
    /** Members with the show screen open right now, across every instance. */
    watchers(): Promise<number>;
  }
}

const TICK_MS = 1000;
const WATCHERS_MS = 2000;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * Socket.IO on the app's own origin (/socket.io). The handshake is authenticated from the session
 * cookie and its Origin checked (CORS does not guard the upgrade). Every member gets the full
 * `show:state` at once on connect — recovered or not, so a reconnect never shows stale state —
 * and again on every change this instance's snapshot sees (the bus brings changes from workers
 * and other replicas), plus a volatile `show:tick` each second for clock correction.
 * Scaled: the Redis streams adapter joins the replicas (connection state recovery, cross-replica
 * socket counts).
 */
export const realtime = fp(
  async (app: FastifyInstance) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    const adapterClient = app.redis?.duplicate();
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        const host = req.headers.host;
        const allowed = !origin || origin === publicOrigin || (host !== undefined && origin.endsWith(`//${host}`));
        callback(allowed ? null : 'Cross-site connection refused', allowed);
      },
      ...(adapterClient
        ? { adapter: createAdapter(adapterClient, { streamName: `${app.config.redisPrefix}:socket.io` }) }
        : {}),
    });
    app.decorate('io', io);

    io.use((socket, next) => {
      const signed = cookieValue(socket.handshake.headers.cookie, SESSION_COOKIE);
      if (!signed) return next(new Error('unauthorized'));
      const request = { headers: socket.handshake.headers, raw: socket.request } as unknown as FastifyRequest;
      app.decryptSession(signed, request, () => {
        const userId = request.session?.get('userId');
        if (!userId) return next(new Error('unauthorized'));
        socket.data.userId = userId;
        next();
      });
    });

    const { store } = app.shows;
    const watchers = createWatcherCount(app.redis, app.config.redisPrefix);
    let total = 0;
    app.decorate('watchers', () => watchers.total());
    io.on('connection', (socket) => {
      socket.emit(socketEvents.state, store.view(Date.now()));
      // Admins get the live watcher count; everyone else is a watcher.
      void app.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', String(socket.data.userId))
        .executeTakeFirst()
        .then((user) => {
          if (!socket.connected) return;
          if (user?.role === 'admin') {
            void socket.join('admins');
            void watchers.total().then((count) => socket.emit(socketEvents.watchers, { count }));
            return;
          }
          const userId = String(socket.data.userId);
          watchers.join(userId);
          socket.once('disconnect', () => watchers.leave(userId));
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'socket role lookup failed'));
    });
    // Every couple of seconds: count, and tell this instance's admins when the number moved.
    const counter = setInterval(() => {
      const before = total;
      watchers
        .total()
        .then((count) => {
          total = count;
          if (count !== before) io.local.to('admins').emit(socketEvents.watchers, { count });
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'counting watchers failed'));
    }, WATCHERS_MS);
    counter.unref();
    const pushState = () => io.local.emit(socketEvents.state, store.view(Date.now()));
    store.on('change', pushState);
    const ticker = setInterval(() => {
      io.local.volatile.emit(socketEvents.tick, { serverTime: Date.now(), step: store.step() });
    }, TICK_MS);
    ticker.unref();

    // Open sockets would hold app.close() forever: disconnect them first.
    app.addHook('preClose', async () => {
      clearInterval(ticker);
      clearInterval(counter);
      await watchers.close();
      store.off('change', pushState);
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      adapterClient?.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['sessions', 'show-engine'] },
);
