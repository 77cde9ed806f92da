import { SAMPLE_WATCHERS_EVERY_MS } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { createWatcherSampler } from './watchers';

/**
 * Members watching over time, for the show report: while a live show runs or is paused, the
 * watcher count admins see (app.watchers()) is written to show_events as a `watchers` event every
 * ~10 s and right after each transition. One sampler across replicas: scaled, a replica samples a
 * period only if it takes that period's Redis lock, and a transition only if it takes that step's;
 * embedded, this process is the only one.
 */
export const watcherSamples = fp(
  async (app: FastifyInstance) => {
    const periodMs = app.config.watcherSampleMs ?? SAMPLE_WATCHERS_EVERY_MS;
    const { store } = app.shows;
    const sampler = createWatcherSampler({
      db: app.db,
      redis: app.redis,
      prefix: app.config.redisPrefix,
      periodMs,
      count: () => app.watchers(),
      now: app.deps.now,
    });
    const log = (error: unknown) => app.log.warn({ err: error }, 'sampling watchers failed');
    const inFlight = new Set<Promise<unknown>>();
    let closing = false;
    const run = (sample: () => Promise<unknown>) => {
      if (closing) return;
      const running = sample().catch(log);
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    };

    /** The live show as this instance knows it; null when none is running or paused. */
    const live = () => {
      const show = store.view(Date.now()).show;
      return show && (show.status === 'running' || show.status === 'paused') ? show : null;
    };
    const onChange = () => {
      const show = live();
      if (show) run(() => sampler.afterTransition(show.id, show.step));
    };
    let stopSampling: (() => void) | undefined;
    app.addHook('onReady', async () => {
      store.on('change', onChange);
      stopSampling = apiBackground(app).every(
        'watcher-samples',
        () => {
          if (live()) run(() => sampler.periodic());
        },
        periodMs,
      );
    });
    // No sample starts once closing begins (the watcher count is being torn down).
    app.addHook('preClose', async () => {
      closing = true;
      stopSampling?.();
      store.off('change', onChange);
    });
    // The database is closed by the app's owner, after app.close(): let a sample under way land.
    app.addHook('onClose', async () => {
      await Promise.allSettled(inFlight);
    });
  },
  { name: 'watcher-samples', dependencies: ['infrastructure', 'show-engine', 'realtime', 'service-deps'] },
);
