import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { createCloser } from './closer';
import { createDrawing } from './drawing';
import { createEntrance, type Entrance } from './entrance';
import { createEntrantFacts } from './entrant-facts';
import { createEntryWriter } from './entry-writer';
import { createDrawMetrics, type DrawMetrics } from './metrics';
import { createOwnEntry } from './own-entry';
import { createMemoryRegistry, createRedisRegistry } from './registry';
import drawRoutes from './routes';
import { pseudonymMaker } from './rule';

/** A drawing draw nobody renewed for this long is taken over (at least the 30 s of a dead replica). */
const STALE_DRAWING_MS = 30_000;
/** An open draw this long past its close, not closed by any replica's timer, is closed by the reconciler. */
const OVERDUE_OPEN_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    draws: {
      /** Entering the draw on screen through Buy (the seller calls it for a draw item). */
      entrance: Entrance;
      metrics: DrawMetrics;
      /** The reconciler's pass (sales/plugin.ts): draws no replica closed or finished. */
      finishAbandoned(): Promise<number>;
      /**
       * A member's entry number in a draw: `entryHeld` from this replica's memory (entries it took;
       * every entry when embedded), `entryOf` from the registry (one Redis round trip when scaled).
       */
      entryHeld(drawId: string, userId: string): number | null;
      entryOf(drawId: string, userId: string): Promise<number | null>;
      /** For the member's own view of the draw (own-entry.ts): memory, else the registry once. */
      ownEntry(drawId: string, userId: string): number | null | Promise<number | null>;
      /** Writes the entries taken here and not yet written. */
      flush(): Promise<void>;
    };
  }
}

/**
 * Draws: the entry registry (Redis when scaled, memory when embedded), the entries written behind
 * it, every replica's alarm at the window's end with one replica winning the close and charging
 * down the order, and the public record at GET /api/draws/:showItemId. The sale of the drawn
 * entrant is the seller's (app.sales, registered after this plugin; reached when a draw closes).
 */
export const draws = fp(
  async (app: FastifyInstance) => {
    const registry = app.redis ? createRedisRegistry(app.redis, app.config.redisPrefix) : createMemoryRegistry();
    const writer = createEntryWriter({ db: app.db, log: app.log });
    const facts = createEntrantFacts(app.db);
    const pseudonym = pseudonymMaker(app.config.sessionSecret);
    const metrics = createDrawMetrics(app.metrics.registry);
    const entrance = createEntrance({ registry, writer, facts, pseudonym, now: Date.now });
    const drawing = createDrawing({
      db: app.db,
      log: app.log,
      now: Date.now,
      registry,
      pseudonym,
      sell: (args) => app.sales.seller.sellDrawn(args),
      notify: (showId) => app.shows.driver.notify(showId),
      kickPush: (ids) => app.notify.kickPush(ids),
      metrics,
      // A charge without an answer may take two gateway timeouts before the reconciler settles it.
      staleMs: Math.max(STALE_DRAWING_MS, app.config.payments.timeoutMs * 2 + 5_000),
      overdueMs: OVERDUE_OPEN_MS,
    });
    app.decorate('draws', {
      entrance,
      metrics,
      finishAbandoned: () => drawing.finishAbandoned(),
      entryHeld: entrance.entryHeld,
      entryOf: (drawId: string, userId: string) => registry.entryOf(drawId, userId),
      ownEntry: createOwnEntry({
        held: entrance.entryHeld,
        ask: (drawId, userId) => (app.redis ? registry.entryOf(drawId, userId) : Promise.resolve(null)),
      }),
      flush: () => writer.flush(),
    });

    const background = apiBackground(app);
    const stopFlusher = background.every('draw-entry-flush', () => void writer.flush());
    let stopCloser: (() => void) | undefined;
    /** The members watching on this replica: the likely entrants, whose facts are loaded as a draw opens. */
    const watching = () => [...new Set([...app.io.of('/').sockets.values()].map((socket) => socket.data.userId))];
    app.addHook('onReady', async () => {
      // After the show engine's onReady: the snapshot (and the draw on screen) is loaded by then.
      stopCloser = background.start('draw-closer', () =>
        createCloser({
          view: (now) => app.shows.store.view(now),
          onChange: (listener) => {
            app.shows.store.on('change', listener);
            return () => app.shows.store.off('change', listener);
          },
          close: (drawId) => drawing.close(drawId),
          opened: (drawId, showId) =>
            void facts
              .warm(watching(), drawId, showId)
              .catch((error: unknown) => app.log.warn({ err: error }, 'loading entrants ahead of a draw failed')),
          now: Date.now,
        }).start(),
      );
    });
    await app.register(drawRoutes, { prefix: '/api/draws' });
    app.addHook('onClose', async () => {
      stopCloser?.();
      stopFlusher();
      await drawing.idle();
      // The last quarter second's entries. The database is closed by the app's owner after app.close().
      await writer.flush();
    });
  },
  {
    name: 'draws',
    dependencies: ['infrastructure', 'metrics', 'show-engine', 'realtime', 'rate-limits', 'openapi'],
  },
);
