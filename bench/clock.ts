// pnpm bench:clock — transition lateness of the scaled show clock: a real worker process (BullMQ on
// Redis, Postgres) drives a 60-item show of 1 s items; each transition's lateness is the time it
// was applied minus when it was due (the previous transition + 1 s), read from show_events.

import { setTimeout as sleep } from 'node:timers/promises';
import { createRedisBus } from '@vault/bus';
import { migrateToLatest, openDatabase } from '@vault/db';
import { createQueueScheduler, createShowDriver } from '@vault/show';
import { createScratchDatabase, insertShow, openTestRedis, startStack, TEST_REDIS_URL } from '@vault/testing';
import { recordResult, series } from './record';
import { summarize, summaryLine } from './stats';

const ITEMS = Number(process.env.ITEMS ?? 60);
const deadlineSlackMs = 30_000;

const scratch = await createScratchDatabase();
const redis = await openTestRedis();
const database = await openDatabase({ kind: 'postgres', url: scratch.url });
await migrateToLatest(database);
// A worker alone: no API, so nothing but the worker's clock moves the show.
const stack = await startStack({
  mode: 'scaled',
  apiReplicas: 0,
  workers: 1,
  services: { databaseUrl: scratch.url, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix },
  env: {
    NODE_ENV: 'production',
    // Production requires these; this benchmark sends no email.
    MAIL_TRANSPORT: 'log',
    PUBLIC_URL: 'http://localhost:3000',
  },
});
try {
  const showId = await insertShow(database.db, {
    title: 'Clock bench',
    items: ITEMS,
    perKnifeSeconds: 1,
    intermissionSeconds: 0,
    prerollSeconds: 0,
    soldHoldSeconds: 1,
  });

  const bus = createRedisBus(redis.redis, { prefix: redis.prefix });
  const scheduler = createQueueScheduler(redis.redis, redis.prefix);
  const driver = createShowDriver({ db: database.db, bus, scheduler });
  console.log(`bench:clock — ${ITEMS} items of 1 s, one worker process, Postgres + Redis`);
  await driver.command(showId, { type: 'start' });
  // Calibration: a bare chain of 1 s timers in this process over the same minute. Its lateness is
  // the machine's own scheduling noise, which no clock built on timers can beat.
  const timerLateness: number[] = [];
  let timerRunning = true;
  const tick = (due: number) =>
    setTimeout(() => {
      timerLateness.push(Date.now() - due);
      if (timerRunning) tick(due + 1000);
    }, due - Date.now());
  tick(Date.now() + 1000);
  const deadline = Date.now() + ITEMS * 1000 + deadlineSlackMs;
  for (;;) {
    const row = await database.db
      .selectFrom('shows')
      .select('status')
      .where('id', '=', showId)
      .executeTakeFirstOrThrow();
    if (row.status === 'completed') {
      timerRunning = false;
      break;
    }
    if (Date.now() > deadline) {
      const stuck = await database.db
        .selectFrom('shows')
        .selectAll()
        .where('id', '=', showId)
        .executeTakeFirstOrThrow();
      const jobs = await scheduler.queue.getJobs(['delayed', 'waiting', 'active', 'completed', 'failed'], 0, 5, false);
      const states = await Promise.all(jobs.map(async (j) => `${j.id}:${await j.getState()}:${j.finishedOn ?? ''}`));
      throw new Error(
        `stalled at step ${stuck.step} (${stuck.phase}, ends ${stuck.phaseEndsAt?.toISOString()}, now ${new Date().toISOString()}); jobs: ${states.join(' ')}`,
      );
    }
    await sleep(500);
  }
  await scheduler.close();
  await bus.close();

  const events = await database.db
    .selectFrom('showEvents')
    .select(['step', 'occurredAt'])
    .where('showId', '=', showId)
    .orderBy('id')
    .execute();
  const firstAt = new Map<number, number>();
  for (const e of events) if (!firstAt.has(e.step)) firstAt.set(e.step, e.occurredAt.getTime());
  const steps = [...firstAt.keys()].sort((a, b) => a - b);
  const lateness = steps.slice(1).map((step) => (firstAt.get(step) ?? 0) - (firstAt.get(step - 1) ?? 0) - 1000);
  console.log(`transitions: ${lateness.length}`);
  const worst = lateness
    .map((value, i) => ({ value, transition: i + 1 }))
    .sort((x, y) => y.value - x.value)
    .slice(0, 5);
  console.log(`slowest: ${worst.map((w) => `#${w.transition} ${w.value} ms`).join(', ')}`);
  console.log(`lateness ${summaryLine(lateness)} (target p99 ≤ 25 ms)`);
  console.log(`bare 1 s timer chain in this process: ${summaryLine(timerLateness)}`);
  await recordResult({
    bench: 'clock',
    title: 'Show clock: how late each transition is applied',
    setup: `${ITEMS} items of 1 s, one worker process (BullMQ on Redis, Postgres); lateness = a transition's show_events time − (the previous one's + 1 s).`,
    figures: [
      { label: 'transition lateness p99', value: summarize(lateness).p99, unit: 'ms', target: { op: '≤', value: 25 } },
      { label: 'transition lateness max', value: summarize(lateness).max, unit: 'ms' },
      { label: 'bare timer lateness p99 (calibration)', value: summarize(timerLateness).p99, unit: 'ms' },
    ],
    series: [series('show transitions', lateness), series('bare 1 s timer chain (calibration)', timerLateness, true)],
    notes: [`slowest transitions: ${worst.map((w) => `#${w.transition} ${w.value} ms`).join(', ')}`],
  });
} finally {
  await stack.stop();
  await database.close();
  await redis.dispose();
  await scratch.drop();
}
