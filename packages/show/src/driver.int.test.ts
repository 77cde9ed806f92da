import { createMemoryBus, createRedisBus, type EventBus } from '@vault/bus';
import type { BusMessage } from '@vault/contracts';
import {
  backends,
  insertShow,
  openTestDatabase,
  openTestRedis,
  type TestDatabase,
  type TestRedis,
} from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShowDriver, createTimerScheduler, type ShowDriver } from './driver';
import { loadSnapshot, renderView } from './snapshot';

describe.each(backends)('the show clock end to end on %s', (backend) => {
  let database: TestDatabase;
  let redis: TestRedis | null = null;
  let bus: EventBus;
  let driver: ShowDriver;
  let scheduler: ReturnType<typeof createTimerScheduler>;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    redis = backend === 'postgres' ? await openTestRedis() : null;
    bus = redis ? createRedisBus(redis.redis, { prefix: redis.prefix }) : createMemoryBus();
    scheduler = createTimerScheduler((showId, step) => driver.wake(showId, step));
    driver = createShowDriver({ db: database.db, bus, scheduler });
  });
  afterAll(async () => {
    await scheduler?.close();
    await bus?.close();
    await redis?.dispose();
    await database?.dispose();
  });

  it('runs a 3-item show of 1 s items to completion, publishing every step in order', async () => {
    const showId = await insertShow(database.db, {
      title: 'Clock',
      items: 3,
      perKnifeSeconds: 1,
      intermissionSeconds: 0,
      prerollSeconds: 1,
      soldHoldSeconds: 1,
    });

    const steps: number[] = [];
    const done = new Promise<void>((resolve) => {
      void bus.subscribe('show', async (message: BusMessage) => {
        if (message.type !== 'show.changed' || message.showId !== showId) return;
        steps.push(message.step);
        if (steps.length === 5) resolve();
      });
    });
    const started = Date.now();
    expect(await driver.command(showId, { type: 'start' })).toMatchObject({ ok: true, changed: true });
    await done;
    const elapsed = Date.now() - started;

    // start → item 0 → item 1 → item 2 → completed, each once, in order.
    expect(steps).toEqual([1, 2, 3, 4, 5]);
    expect(elapsed).toBeGreaterThanOrEqual(4000);
    expect(elapsed).toBeLessThan(6000);
    const snapshot = await loadSnapshot(database.db);
    expect(snapshot).toBeNull(); // completed: nothing live, nothing scheduled
    const items = await database.db.selectFrom('showItems').select('status').where('showId', '=', showId).execute();
    expect(items.map((i) => i.status)).toEqual(['available', 'available', 'available']);
  });

  it('starts a scheduled show by itself at its launch time, and the view counts down to it', async () => {
    const launch = Date.now() + 1200;
    const show = await database.db
      .insertInto('shows')
      .values({ title: 'Auto', perKnifeSeconds: 30, intermissionSeconds: 5, prerollSeconds: 2, soldHoldSeconds: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('showItems').values({ showId: show.id, title: 'K', price: '5.00' }).execute();
    await driver.command(show.id, { type: 'schedule', launchTime: launch, status: 'scheduled' });

    // The view counts down to the launch from the moment it is rendered (a loaded CI machine may
    // take a while to get here, so the expectation is exact rather than a guessed bound).
    const snapshot = await loadSnapshot(database.db);
    const at = Date.now();
    const view = renderView(snapshot, at);
    expect(view).toMatchObject({ active: false, scheduled: true, show: { id: show.id, title: 'Auto' } });
    expect(view.timeUntilLaunch).toBe(Math.max(0, launch - at));

    // No one starts it: the clock does, at the launch time.
    await expect
      .poll(async () => renderView(await loadSnapshot(database.db), Date.now()).active, {
        timeout: 5000,
        interval: 100,
      })
      .toBe(true);
    const now = Date.now();
    expect(now).toBeGreaterThanOrEqual(launch);
    const live = renderView(await loadSnapshot(database.db), Date.now());
    expect(live).toMatchObject({ active: true, show: { id: show.id, phase: 'preroll', status: 'running' } });
    expect(live.timeRemaining).toBeGreaterThan(0);
    expect(live.timeRemaining).toBeLessThanOrEqual(2000);
    await driver.command(show.id, { type: 'reset' });
  });

  it('re-arms running and scheduled shows after a restart', async () => {
    const show = await database.db
      .insertInto('shows')
      .values({
        title: 'Rearm',
        perKnifeSeconds: 60,
        prerollSeconds: 1,
        status: 'scheduled',
        launchTime: new Date(Date.now() + 500),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('showItems').values({ showId: show.id, title: 'K', price: '5.00' }).execute();
    // A new clock, as after a process restart: nothing armed until rearmAll.
    expect(await driver.rearmAll()).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const row = await database.db
      .selectFrom('shows')
      .select('status')
      .where('id', '=', show.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('running');
    await driver.command(show.id, { type: 'reset' });
  });

  it('waits out a launch that has no items yet without spinning, and starts the show soon after its first item', async () => {
    // Its own clock, counting the wake-ups it is asked for.
    let wakes = 0;
    const counted = createTimerScheduler((showId, step) => {
      wakes++;
      return clock.wake(showId, step);
    });
    const clock = createShowDriver({ db: database.db, bus, scheduler: counted });
    try {
      const showId = await insertShow(database.db, {
        title: 'Empty at launch',
        items: 0,
        perKnifeSeconds: 60,
        intermissionSeconds: 0,
        prerollSeconds: 5,
        soldHoldSeconds: 1,
      });
      await clock.command(showId, { type: 'schedule', launchTime: Date.now() + 200, status: 'scheduled' });
      await new Promise((resolve) => setTimeout(resolve, 3200));
      // Due for 3 s with nothing to start: a look about once a second, not a wake-up loop (which
      // ran hundreds of transactions a second and starved everything else on PGlite's connection).
      expect(wakes).toBeGreaterThanOrEqual(1);
      expect(wakes).toBeLessThanOrEqual(5);
      const status = () =>
        database.db.selectFrom('shows').select('status').where('id', '=', showId).executeTakeFirstOrThrow();
      expect((await status()).status).toBe('scheduled');

      // The first item arrives: the launch that waited goes ahead by itself.
      await database.db.insertInto('showItems').values({ showId, title: 'Late', price: '5.00' }).execute();
      await expect.poll(async () => (await status()).status, { timeout: 3000, interval: 100 }).toBe('running');
      await clock.command(showId, { type: 'reset' });
    } finally {
      await counted.close();
    }
  });
});
