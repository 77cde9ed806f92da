import { createRedisBus } from '@vault/bus';
import type { BusMessage } from '@vault/contracts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '@vault/db';
import { createQueueScheduler, createShowDriver } from '@vault/show';
import {
  createScratchDatabase,
  eventually,
  insertShow,
  killNow,
  openTestRedis,
  type RunningProcess,
  START_TIMEOUT_MS,
  startProcess,
  startStack,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLOCK_LOCK_MS } from '../src/processors/show-clock';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** 1 start + 2 items + 1 intermission + 1 completed: the overdue step is the first knife's end. */
const FINAL_STEP = 5;
/** How long past its deadline the transition is when a worker starts again: past any lock a dead worker held. */
const OVERDUE_MS = CLOCK_LOCK_MS + 500;
/**
 * From the moment the worker's code runs (its modules loaded) to the overdue transition: Postgres,
 * the migrations, Redis, the clock first of its queues, the clock taking the wake-up. About 150 ms
 * on the 2-core machine; the rest is room for a loaded one. The loading before it (node, tsx, the
 * imports: ~1.1 s there, 4 s and more while other work shares the machine) is printed, not bounded.
 */
const AFTER_LOAD_MS = 2000;

const LogLine = z.object({
  msg: z.string(),
  time: z.number(),
  /** 'worker started': each part of its start, in ms since its process started. */
  startMs: z.record(z.string(), z.number()).optional(),
});

/** As the image runs it: production, its emails logged. */
const productionEnv = { NODE_ENV: 'production', MAIL_TRANSPORT: 'log', PUBLIC_URL: 'http://localhost:3000' };

interface Landing {
  /** Process start → the step published. */
  fromSpawnMs: number;
  /** The clock running ('show clock started') → the step published. */
  fromClockMs: number;
  /** Process start → 'show clock started', the worker's own start. */
  clockStartMs: number;
  /** Process start → its modules loaded (node, tsx, the imports), of the worker whose clock ran first. */
  loadedMs: number;
}

/**
 * The show clock after every worker is gone past a transition's deadline (a deploy that stops
 * them all, a host that dies): the deadline stays in Postgres and its wake-up in Redis, so the
 * first worker to start again must move the overdue step as soon as its clock runs (a wake-up a
 * killed worker held: one stalled-check period later), not a lock's term or a sweep later, and
 * every step still happens exactly once.
 */
describe('the show clock when every worker was gone past a transition (Postgres + Redis, real processes)', () => {
  it('moves the overdue step as soon as a worker is back after SIGTERM (drained), every step once', async () => {
    const landing = await runShowAcrossOutage({ stop: 'SIGTERM', restart: 1 });
    console.log(
      `[chaos] every worker stopped (SIGTERM) past a transition, one started again: the step came ${landing.fromSpawnMs} ms after its process started (its modules were loaded at ${landing.loadedMs} ms, its clock ran at ${landing.clockStartMs} ms, the step ${landing.fromClockMs} ms later)`,
    );
    expect(landing.fromClockMs).toBeLessThan(1000);
    expect(landing.fromSpawnMs - landing.loadedMs).toBeLessThan(AFTER_LOAD_MS);
  });

  it('moves the overdue step as soon as workers are back after SIGKILL mid-wake-up, every step once', async () => {
    const landing = await runShowAcrossOutage({ stop: 'SIGKILL', restart: 2 });
    console.log(
      `[chaos] every worker killed (SIGKILL) holding a wake-up, two started again: the step came ${landing.fromSpawnMs} ms after their processes started (the first one's modules were loaded at ${landing.loadedMs} ms, its clock ran at ${landing.clockStartMs} ms, the step ${landing.fromClockMs} ms later)`,
    );
    // The dead worker's wake-up is BullMQ's stalled job: its lock has expired, and a starting
    // worker's stalled check marks it and the next one, a period later (CLOCK_STALLED_CHECK_MS,
    // 500 ms), hands it out again.
    expect(landing.fromClockMs).toBeLessThan(2000);
    expect(landing.fromSpawnMs - landing.loadedMs).toBeLessThan(AFTER_LOAD_MS + 1000);
  });
});

async function runShowAcrossOutage(options: { stop: 'SIGTERM' | 'SIGKILL'; restart: number }): Promise<Landing> {
  const scratch = await createScratchDatabase();
  cleanups.push(() => scratch.drop());
  const redis = await openTestRedis();
  cleanups.push(() => redis.dispose());
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  cleanups.push(() => database.close());
  await migrateToLatest(database);
  const showId = await insertShow(database.db, {
    title: 'Clock return',
    items: 2,
    perKnifeSeconds: 3,
    intermissionSeconds: 1,
    prerollSeconds: 1,
    soldHoldSeconds: 1,
  });

  const services = { databaseUrl: scratch.url, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix };
  const stack = await startStack({ mode: 'scaled', apiReplicas: 0, workers: 2, services, env: productionEnv });
  cleanups.push(() => stack.stop());

  const bus = createRedisBus(redis.redis, { prefix: redis.prefix });
  cleanups.push(() => bus.close());
  const scheduler = createQueueScheduler(redis.redis, redis.prefix);
  cleanups.push(() => scheduler.close());
  const published: Array<{ step: number; at: number }> = [];
  await bus.subscribe('show', (message: BusMessage) => {
    if (message.type === 'show.changed' && message.showId === showId)
      published.push({ step: message.step, at: Date.now() });
  });
  const publishedAt = (step: number) => published.find((p) => p.step === step)?.at ?? null;

  // The API's side: the admin's start, and the first wake-up armed on the queue.
  const driver = createShowDriver({ db: database.db, bus, scheduler });
  expect(await driver.command(showId, { type: 'start' })).toMatchObject({ ok: true });
  // The first knife is showing; its end (3 s away) is the transition the outage will straddle.
  await eventually(() => publishedAt(2), { within: 10_000, what: 'the first knife showing' });
  const due = await deadline(database, showId);
  const overdueStep = 3;

  if (options.stop === 'SIGTERM') {
    await Promise.all(stack.workers.map((worker) => worker.stop()));
  } else {
    // Killed while one of them holds the wake-up: it is taken a little early and waits out the
    // deadline in the handler, so it is active (its lock held) until the deadline passes.
    await eventually(async () => ((await scheduler.queue.getActiveCount()) > 0 ? true : null), {
      within: due - Date.now() + 1000,
      every: 5,
      what: 'a worker holding the wake-up',
    });
    await Promise.all(stack.workers.map((worker) => killNow(worker)));
    expect(await scheduler.queue.getActiveCount(), 'the dead worker’s wake-up, still held').toBe(1);
  }
  expect(publishedAt(overdueStep), 'no worker left to move the step').toBeNull();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + OVERDUE_MS - Date.now())));
  expect(await currentStep(database, showId)).toBe(overdueStep - 1);

  const spawnedAt = Date.now();
  const returned: RunningProcess[] = [];
  for (let i = 0; i < options.restart; i++) {
    const worker = startProcess('apps/worker/src/main.ts', {
      DATABASE_URL: scratch.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      LOG_LEVEL: 'info',
      ...productionEnv,
      ...vapidEnv(),
    });
    returned.push(worker);
    cleanups.push(() => worker.stop());
  }
  const landedAt = await eventually(() => publishedAt(overdueStep), {
    within: START_TIMEOUT_MS,
    what: 'the overdue transition',
  });
  await Promise.all(returned.map((worker) => worker.waitFor('worker started', START_TIMEOUT_MS)));
  const [first] = returned
    .map((worker) => ({ clock: logLine(worker, 'show clock started'), started: logLine(worker, 'worker started') }))
    .sort((a, b) => a.clock.time - b.clock.time);
  if (!first) throw new Error('no worker started again');
  const clockAt = first.clock.time;

  // The rest of the show runs on the returned workers: every step once, in order.
  await eventually(() => publishedAt(FINAL_STEP), { within: 30_000, what: 'the show completed' });
  expect(published.map((p) => p.step)).toEqual(Array.from({ length: FINAL_STEP }, (_, i) => i + 1));
  const events = await database.db.selectFrom('showEvents').select('step').where('showId', '=', showId).execute();
  expect([...new Set(events.map((e) => e.step))].sort((a, b) => a - b)).toEqual(
    Array.from({ length: FINAL_STEP }, (_, i) => i + 1),
  );
  return {
    fromSpawnMs: landedAt - spawnedAt,
    fromClockMs: landedAt - clockAt,
    clockStartMs: clockAt - spawnedAt,
    loadedMs: first.started.startMs?.loaded ?? Number.NaN,
  };
}

async function deadline(database: DatabaseHandle, showId: string): Promise<number> {
  const show = await database.db.selectFrom('shows').select('phaseEndsAt').where('id', '=', showId).executeTakeFirst();
  const at = show?.phaseEndsAt?.getTime();
  if (at === undefined) throw new Error('the show has no deadline');
  return at;
}

async function currentStep(database: DatabaseHandle, showId: string): Promise<number | undefined> {
  const show = await database.db.selectFrom('shows').select('step').where('id', '=', showId).executeTakeFirst();
  return show?.step;
}

/** The worker's log line `message`: its `time` is pino's epoch ms, on the same host clock as the test's. */
function logLine(worker: RunningProcess, message: string): z.output<typeof LogLine> {
  for (const line of worker.output().split('\n')) {
    if (!line.includes(message)) continue;
    const parsed = LogLine.safeParse(JSON.parse(line));
    if (parsed.success && parsed.data.msg === message) return parsed.data;
  }
  throw new Error(`the worker never logged ${message}`);
}
