import { queueNames } from '@vault/contracts';
import {
  type BackgroundStart,
  backgroundTaskNames,
  onBackgroundStart,
  PRUNE_SESSIONS_EVERY_MS,
  tasksOf,
} from '@vault/server';
import {
  openTestDatabase,
  openTestRedis,
  TEST_REDIS_URL,
  type TestDatabase,
  type TestRedis,
  vapidEnv,
} from '@vault/testing';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerBackground } from '../src/background';
import { loadWorkerEnv } from '../src/env';

/**
 * The worker's side of the one registry of background work: a worker starts exactly the scaled
 * tasks the registry gives the workers, each as the BullMQ queue it names, on the real Postgres
 * and Redis — and never one the registry gives the API replicas. (apps/api/test/platform/
 * background.int.test.ts walks the API's side, in both modes.)
 */
describe('the worker starts what the background registry gives it (Postgres, Redis)', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let background: Awaited<ReturnType<typeof startWorkerBackground>>;
  const started: BackgroundStart[] = [];
  const unhear = onBackgroundStart((start) => started.push(start));

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = await openTestRedis();
    const env = loadWorkerEnv({
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      NOTIFY_SWEEP_SECONDS: '7',
      ...vapidEnv(),
    });
    background = await startWorkerBackground({
      db: database.db,
      redis: redis.redis,
      env,
      log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    unhear();
    for (const close of background?.closers ?? []) await close();
    await redis?.dispose();
    await database?.dispose();
  });

  it('starts each of the workers’ tasks once, in scaled mode, and nothing else', () => {
    const workers = tasksOf('worker', 'scaled');
    expect(workers.length).toBeGreaterThan(0);
    expect(started.map((s) => s.task).sort()).toEqual([...workers].sort());
    for (const start of started) expect(start).toMatchObject({ process: 'worker', mode: 'scaled' });
    // What the workers do not run is the API replicas' (under the lock, or each its own).
    const others = backgroundTaskNames.filter((task) => !workers.includes(task));
    expect(others.every((task) => tasksOf('api', 'scaled').includes(task))).toBe(true);
  });

  it('runs the periodic ones as BullMQ job schedulers with the registry’s periods', async () => {
    const schedulers = async (name: string) => {
      const queue = new Queue(name, { connection: redis.redis, prefix: redis.prefix });
      try {
        return (await queue.getJobSchedulers()).map((s) => ({ key: s.key, every: Number(s.every) }));
      } finally {
        await queue.close();
      }
    };
    expect(await schedulers(queueNames.maintenance)).toEqual([
      { key: 'prune-sessions', every: PRUNE_SESSIONS_EVERY_MS },
    ]);
    expect(await schedulers(queueNames.notifications)).toEqual([{ key: 'notify-sweep', every: 7_000 }]);
  });
});
