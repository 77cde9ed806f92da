import { createRedisBus } from '@vault/bus';
import type { BusMessage } from '@vault/contracts';
import { migrateToLatest, openDatabase } from '@vault/db';
import { createQueueScheduler, createShowDriver, dueAtOfClockJob } from '@vault/show';
import {
  createScratchDatabase,
  freePort,
  insertShow,
  openTestRedis,
  parsePrometheusText,
  promtoolCheckMetrics,
  startProcess,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the worker’s Prometheus metrics', () => {
  it('reads the deadline a wake-up was armed for from its job id', () => {
    expect(dueAtOfClockJob('advance-0b7f6c1e-6a4e-4f7e-9d59-1c2b3a4d5e6f-3-1764000000123')).toBe(1764000000123);
    // Armed before job ids named the time: no deadline to measure against.
    expect(dueAtOfClockJob('advance-0b7f6c1e-6a4e-4f7e-9d59-1c2b3a4d5e6f-3')).toBeNull();
    expect(dueAtOfClockJob('repeat:prune-sessions')).toBeNull();
    expect(dueAtOfClockJob(undefined)).toBeNull();
  });

  it('serves /metrics on the health port: transition lateness after a show moves, and the queue depth', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    const redis = await openTestRedis();
    cleanups.push(() => redis.dispose());
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    cleanups.push(() => database.close());
    await migrateToLatest(database);

    const port = await freePort();
    const worker = startProcess('apps/worker/src/main.ts', {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      WORKER_HEALTH_PORT: String(port),
      LOG_LEVEL: 'info',
      ...vapidEnv(),
    });
    cleanups.push(() => worker.stop(2000));
    await worker.waitFor('show clock started');

    const showId = await insertShow(database.db, {
      title: 'Metrics',
      items: 2,
      perKnifeSeconds: 1,
      intermissionSeconds: 1,
      prerollSeconds: 1,
      soldHoldSeconds: 1,
    });
    const bus = createRedisBus(redis.redis, { prefix: redis.prefix });
    cleanups.push(() => bus.close());
    const scheduler = createQueueScheduler(redis.redis, redis.prefix);
    cleanups.push(() => scheduler.close());
    // Start (step 1, applied here), then the worker's: preroll → first item (2) → intermission (3).
    const reached = new Promise<void>((resolve) => {
      void bus.subscribe('show', (message: BusMessage) => {
        if (message.type === 'show.changed' && message.showId === showId && message.step >= 3) resolve();
      });
    });
    const driver = createShowDriver({ db: database.db, bus, scheduler });
    expect(await driver.command(showId, { type: 'start' })).toMatchObject({ ok: true });
    await reached;

    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const metrics = parsePrometheusText(text);
    const lateness = (transition: string) =>
      metrics.value('vault_show_transition_lateness_seconds_count', { transition }) ?? 0;
    expect(lateness('showing')).toBeGreaterThanOrEqual(1);
    expect(lateness('intermission')).toBeGreaterThanOrEqual(1);
    // Armed wake-ups land within the clock's bound (a second is far outside it) on an idle machine.
    expect(metrics.value('vault_show_transition_lateness_seconds_bucket', { transition: 'showing', le: '1' })).toBe(
      lateness('showing'),
    );
    // The next wake-up of the running show is a delayed job on the clock queue.
    expect(metrics.value('vault_queue_jobs', { queue: 'clock', state: 'delayed' })).toBeGreaterThanOrEqual(1);
    expect(metrics.value('vault_queue_jobs', { queue: 'maintenance', state: 'failed' })).toBe(0);
    expect(metrics.families.get('vault_queue_stalled_jobs_total')).toMatchObject({ type: 'counter' });
    expect(metrics.value('vault_worker_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(promtoolCheckMetrics(text)).toEqual([]);
    // /health is unchanged beside it.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  }, 30_000);
});
