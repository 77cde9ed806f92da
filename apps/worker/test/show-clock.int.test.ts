import { createRedisBus } from '@vault/bus';
import type { BusMessage } from '@vault/contracts';
import { migrateToLatest, openDatabase } from '@vault/db';
import { createQueueScheduler, createShowDriver } from '@vault/show';
import {
  createScratchDatabase,
  insertShow,
  openTestRedis,
  type Stack,
  startStack,
  TEST_REDIS_URL,
} from '@vault/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOCK_LOCK_MS, CLOCK_STALLED_CHECK_MS } from '../src/processors/show-clock';

const running: Stack[] = [];
afterAll(async () => {
  await Promise.all(running.map((stack) => stack.stop()));
});

describe('the BullMQ show clock with several workers (Postgres + Redis)', () => {
  it('runs a show to the end when one of two workers is killed with SIGKILL mid-show: no step lost, none doubled', async () => {
    const scratch = await createScratchDatabase();
    const redis = await openTestRedis();
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await migrateToLatest(database);
    try {
      const showId = await insertShow(database.db, {
        title: 'Kill test',
        items: 5,
        perKnifeSeconds: 1,
        intermissionSeconds: 1,
        prerollSeconds: 1,
        soldHoldSeconds: 1,
      });

      // Two workers and no API: only the workers' clock moves the show.
      const stack = await startStack({
        mode: 'scaled',
        apiReplicas: 0,
        workers: 2,
        services: { databaseUrl: scratch.url, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix },
      });
      running.push(stack);
      const { workers } = stack;

      const bus = createRedisBus(redis.redis, { prefix: redis.prefix });
      const steps: number[] = [];
      // 1 start + 5 items + 4 intermissions + 1 completed
      const finalStep = 11;
      const finished = new Promise<void>((resolve) => {
        void bus.subscribe('show', (message: BusMessage) => {
          if (message.type !== 'show.changed' || message.showId !== showId) return;
          steps.push(message.step);
          if (steps.length === 4) void workers[0]?.child.kill('SIGKILL');
          if (message.step === finalStep) resolve();
        });
      });

      // The API's side: apply the admin's start and arm the first wake-up on the queue.
      const scheduler = createQueueScheduler(redis.redis, redis.prefix);
      const driver = createShowDriver({ db: database.db, bus, scheduler });
      expect(await driver.command(showId, { type: 'start' })).toMatchObject({ ok: true });
      await finished;
      await scheduler.close();
      await bus.close();

      expect(steps).toEqual(Array.from({ length: finalStep }, (_, i) => i + 1));
      const events = await database.db
        .selectFrom('showEvents')
        .select(['step', 'occurredAt'])
        .where('showId', '=', showId)
        .orderBy('id')
        .execute();
      // Every step applied exactly once (a step can write several events; no step twice).
      const eventSteps = [...new Set(events.map((e) => e.step))];
      expect(eventSteps).toEqual(steps);
      // Each phase lasts 1 s from the previous transition; the lateness of each transition, even
      // across the killed worker, stays within the bound below.
      const times = new Map<number, number>();
      for (const e of events) if (!times.has(e.step)) times.set(e.step, e.occurredAt.getTime());
      const lateness = steps.slice(1).map((step) => (times.get(step) ?? 0) - (times.get(step - 1) ?? 0) - 1000);
      // A transition the killed worker was running waits for its lock to expire and the next
      // stalled check (plus two seconds for a loaded machine).
      console.log(`[chaos] worker killed mid-show: the latest transition was ${Math.max(...lateness)} ms late`);
      expect(Math.max(...lateness)).toBeLessThan(CLOCK_LOCK_MS + CLOCK_STALLED_CHECK_MS + 2000);
      expect(Math.min(...lateness)).toBeGreaterThanOrEqual(-5);
      const items = await database.db.selectFrom('showItems').select('status').where('showId', '=', showId).execute();
      expect(items.every((i) => i.status === 'available')).toBe(true);
    } finally {
      await Promise.all(running.splice(0).map((stack) => stack.stop()));
      await database.close();
      await redis.dispose();
      await scratch.drop();
    }
  });
});
