import { backends, insertShow, openTestDatabase, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLineupOrder } from './lineup';
import { applyCommand } from './store';

const T0 = new Date(Date.UTC(2026, 10, 20, 20, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(backends)('applying show commands on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  function newShow(items = 2) {
    return insertShow(database.db, {
      title: 'Store test',
      items,
      perKnifeSeconds: 60,
      intermissionSeconds: 10,
      prerollSeconds: 5,
      soldHoldSeconds: 5,
    });
  }
  const resetLive = async () => {
    const live = await database.db
      .selectFrom('shows')
      .select('id')
      .where('status', 'in', ['running', 'paused'])
      .execute();
    for (const show of live) await applyCommand(database.db, show.id, { type: 'reset' }, T0);
  };
  const itemStatuses = async (showId: string) =>
    (
      await database.db
        .selectFrom('showItems')
        .select('status')
        .where('showId', '=', showId)
        .$call(inLineupOrder)
        .execute()
    ).map((r) => r.status);

  it('runs a show through its phases, persisting state, item statuses and events', async () => {
    const id = await newShow();
    const started = await applyCommand(database.db, id, { type: 'start' }, T0);
    expect(started).toMatchObject({ ok: true, changed: true, wakeAt: at(5_000).getTime() });
    const shown = await applyCommand(database.db, id, { type: 'tick' }, at(5_000));
    expect(shown).toMatchObject({ ok: true, state: { phase: 'showing', currentIndex: 0, step: 2 } });
    expect(await itemStatuses(id)).toEqual(['showing', 'queued']);
    await applyCommand(database.db, id, { type: 'tick' }, at(65_000));
    expect(await itemStatuses(id)).toEqual(['available', 'queued']);
    const row = await database.db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'running', phase: 'intermission', step: 3, phaseEndsAt: at(75_000) });
    const events = await database.db
      .selectFrom('showEvents')
      .select(['step', 'type'])
      .where('showId', '=', id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { step: 1, type: 'started' },
      { step: 2, type: 'item-showing' },
      { step: 3, type: 'intermission' },
    ]);
  });

  it('ignores a wake-up meant for an older step', async () => {
    await resetLive();
    const id = await newShow();
    await applyCommand(database.db, id, { type: 'start' }, T0);
    const stale = await applyCommand(database.db, id, { type: 'tick' }, at(5_000), { expectStep: 0 });
    expect(stale).toMatchObject({ ok: true, changed: false, state: { phase: 'preroll', step: 1 } });
    const due = await applyCommand(database.db, id, { type: 'tick' }, at(5_000), { expectStep: 1 });
    expect(due).toMatchObject({ ok: true, changed: true, state: { phase: 'showing', step: 2 } });
    // The same wake-up delivered twice: the second finds the step moved on and does nothing.
    const again = await applyCommand(database.db, id, { type: 'tick' }, at(5_000), { expectStep: 1 });
    expect(again).toMatchObject({ changed: false });
  });

  it('refuses a second live show', async () => {
    await resetLive();
    expect(await applyCommand(database.db, await newShow(), { type: 'start' }, T0)).toMatchObject({ ok: true });
    const other = await newShow();
    const result = await applyCommand(database.db, other, { type: 'start' }, T0);
    expect(result).toEqual({ ok: false, code: 'conflict', message: 'Another show is already live' });
  });

  it('reset re-queues unsold items and keeps sold ones sold', async () => {
    await resetLive();
    const id = await newShow(3);
    await applyCommand(database.db, id, { type: 'start' }, T0);
    await applyCommand(database.db, id, { type: 'tick' }, at(5_000));
    await database.db
      .updateTable('showItems')
      .set({ status: 'sold', soldAt: T0 })
      .where('showId', '=', id)
      .where('orderIndex', '=', 0)
      .execute();
    await applyCommand(database.db, id, { type: 'sold', index: 0 }, at(6_000));
    await applyCommand(database.db, id, { type: 'tick' }, at(11_000));
    expect(await itemStatuses(id)).toEqual(['sold', 'queued', 'queued']);
    const reset = await applyCommand(database.db, id, { type: 'reset' }, at(12_000));
    expect(reset).toMatchObject({ ok: true, state: { status: 'idle', phase: 'preroll', currentIndex: 0 } });
    expect(await itemStatuses(id)).toEqual(['sold', 'queued', 'queued']);
  });

  it('answers not_found for an unknown show', async () => {
    expect(
      await applyCommand(database.db, '00000000-0000-4000-8000-000000000000', { type: 'start' }, T0),
    ).toMatchObject({ ok: false, code: 'not_found' });
  });
});
