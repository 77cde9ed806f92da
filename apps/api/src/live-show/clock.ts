import { EventEmitter } from 'node:events';
import type { ShowStateView } from '@vault/contracts';
import { heartedNextHook } from '@vault/notify';
import { quietRedisErrors } from '@vault/server';
import {
  createQueueScheduler,
  createShowDriver,
  createTimerScheduler,
  loadSnapshot,
  type PreparedView,
  prepareView,
  type ShowDriver,
  type ShowSnapshot,
  type WakeScheduler,
} from '@vault/show';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';

/** How soon a failed snapshot refresh is tried again. */
const REFRESH_RETRY_MS = 500;

/**
 * The show as this API instance knows it, kept in memory and refreshed whenever the bus says a
 * show changed, so GET /api/show/state and the socket push never query the database per request.
 * Refreshes coalesce: a burst of changes costs at most one query in flight plus one after it.
 */
export class ShowStore extends EventEmitter {
  private snapshot: ShowSnapshot | null = null;
  /** The snapshot's view, rendered and serialised once per change rather than once per poll. */
  private prepared: PreparedView = prepareView(null);
  private running: Promise<void> | null = null;
  private again = false;
  /** The last loaded snapshot, serialised: what tells a change from a reload of the same. */
  private loadedKey = '';

  constructor(private readonly load: () => Promise<ShowSnapshot | null>) {
    super();
  }

  /** The show's current step, for the once-a-second tick (no view rendered for it). */
  step(): number | null {
    return this.snapshot?.show.step ?? null;
  }

  view(now: number): ShowStateView {
    return this.prepared.view(now);
  }

  /** JSON.stringify(view(now)), for the poll route. */
  json(now: number, itemExtra?: string, entryNumber?: number | null): string {
    return this.prepared.json(now, itemExtra, entryNumber);
  }

  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const next = await this.load();
        // A refresh that finds nothing new (this instance's own command, then the same change
        // over the bus) must not push the same transition to every screen twice.
        const key = JSON.stringify(next);
        if (key === this.loadedKey) continue;
        this.loadedKey = key;
        this.snapshot = next;
        this.prepared = prepareView(this.snapshot);
        this.emit('change');
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    shows: { driver: ShowDriver; store: ShowStore };
  }
}

/**
 * Embedded: the clock is a timer in this process, re-armed at start. Scaled: the API only arms
 * BullMQ wake-ups after admin commands; the workers run the clock and re-arm on their start.
 */
export const showEngine = fp(
  async (app: FastifyInstance) => {
    const store = new ShowStore(() => loadSnapshot(app.db));
    let driver: ShowDriver | undefined;
    const queueScheduler = app.redis ? createQueueScheduler(app.redis, app.config.redisPrefix) : null;
    // A Redis outage is logged once by its connection; the queue would print each failed retry.
    if (queueScheduler) quietRedisErrors(queueScheduler.queue, 'show clock queue', app.log);
    const scheduler: WakeScheduler = queueScheduler
      ? queueScheduler
      : createTimerScheduler((showId, step) => (driver ? driver.wake(showId, step) : Promise.resolve()), {
          onError: (error, showId) => app.log.error({ err: error, showId }, 'show clock wake-up failed'),
        });
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    // A refresh that fails (the database briefly unreachable or out of connections) would leave
    // the snapshot, and every screen, where it was until the next change: try again until it works.
    const refresh = () => {
      store.refresh().catch((error: unknown) => {
        app.log.error({ err: error }, 'show snapshot refresh failed; retrying');
        clearTimeout(retry);
        if (!closed) retry = setTimeout(refresh, REFRESH_RETRY_MS).unref();
      });
    };
    const base = createShowDriver({
      db: app.db,
      bus: app.bus,
      scheduler,
      // The hearted-item pushes of each transition this instance applies (the clock embedded; an
      // admin's Start either way). app.notify is read when a transition happens, after start-up.
      afterTransition: heartedNextHook({ db: app.db, kickPush: (ids) => app.notify.kickPush(ids) }),
      log: app.log,
    });
    driver = {
      ...base,
      // Read-your-writes on this instance: the admin's next request sees the command's result
      // without waiting for it to come back over the bus.
      async command(showId, command) {
        const result = await base.command(showId, command);
        if (result.ok && result.changed) await store.refresh().catch(() => refresh());
        return result;
      },
    };
    app.decorate('shows', { driver, store });

    let unsubscribe: (() => Promise<void>) | undefined;
    let offResubscribed: (() => void) | undefined;
    app.addHook('onReady', async () => {
      unsubscribe = await app.bus.subscribe('show', refresh);
      // Pub/sub is at-most-once: a change published while this instance's subscription was down
      // is lost, and the snapshot (and every screen) would stay where it was until the next one —
      // for good, if that was the show's last step. Read the show again once it is back.
      offResubscribed = app.bus.onResubscribed(() => {
        app.log.info('show bus subscribed again: reloading the show');
        refresh();
      });
      await store.refresh();
      // Embedded, the clock is this process's timers, re-armed from the deadlines in the database.
      const background = apiBackground(app);
      if (background.runsHere('show-clock')) await background.start('show-clock', () => base.rearmAll());
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(retry);
      offResubscribed?.();
      await unsubscribe?.();
      await scheduler.close();
    });
  },
  { name: 'show-engine', dependencies: ['infrastructure'] },
);
