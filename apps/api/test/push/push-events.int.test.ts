import type { PushKind } from '@vault/contracts';
import type { PushOutboxRow } from '@vault/db';
import { fanOutHeartedNext, PushData } from '@vault/notify';
import {
  backends,
  eventually,
  insertShowRows,
  knives,
  type SeededMember,
  seedOnboardedMembers,
  subscribePushDevices,
} from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWindowNow, drawEnded, startDrawShow } from '../draws/draw-support';
import { authorizedPurchase, liveShow, packageOf } from '../fulfillment/support';
import { advanceShowTo, buildTestApp, buyAs, ORIGIN, startLiveShow, type TestApp } from '../test-app';

// Each push kind is written at its event, once per event and browser, for the members who want it:
// a first-press win, a draw (every entrant, and the winner's win), a reminder wake-up, a shipment,
// and a show's run (the hearted knife up next, the first one when the show starts; again after a
// reset, never twice in one run). Rows and payloads only: delivery has tests of its own.

/** The 'soon' reminder goes this long before the launch (REMINDER_LEAD_SECONDS, shortened). */
const LEAD_S = 2;

describe.each(backends)('push events on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;

  beforeAll(async () => {
    // Scaled: reminder wake-ups are jobs a notifications worker runs (here in-process).
    t = await buildTestApp(backend, { notifyWorker: true, config: { reminderLeadSeconds: LEAD_S } });
    [admin] = (await members(1)) as [SeededMember];
    await db().updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  function members(count: number) {
    return seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret });
  }

  /** A member's browsers that turned push on, and the kinds they want (none given: every kind). */
  async function subscribe(member: SeededMember, devices = 1, kinds?: PushKind[]) {
    await subscribePushDevices(db(), member.userId, { devices, kinds });
  }

  function pushesOf(member: SeededMember, kind: PushKind): Promise<PushOutboxRow[]> {
    return db()
      .selectFrom('pushOutbox')
      .selectAll()
      .where('userId', '=', member.userId)
      .where('kind', '=', kind)
      .orderBy('createdAt')
      .execute();
  }

  const call = (member: SeededMember, method: 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie: member.cookie }, ...(payload ? { payload } : {}) });

  it('writes a won push per browser of the first-press winner, and none to a member who switched it off', async () => {
    const { items } = await startLiveShow(t, 2);
    const [first, second] = items;
    const [winner, quiet] = await members(2);
    if (!first || !second || !winner || !quiet) throw new Error('setup');
    await subscribe(winner, 2);
    await subscribe(quiet, 1, ['shipped', 'hearted_next']);

    const bought = await buyAs(t.app, winner, first.id);
    expect(bought.statusCode, bought.body).toBe(200);
    const purchaseId = bought.json().purchase.id as string;
    const rows = await pushesOf(winner, 'won');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(PushData.won.parse(row.payload)).toEqual({ purchaseId, itemTitle: first.title });
      expect(row.dedupeKey).toBe(`won:${purchaseId}:${row.subscriptionId}`);
    }

    await advanceShowTo(t, first.showId, 1);
    expect((await buyAs(t.app, quiet, second.id)).statusCode).toBe(200);
    expect(await pushesOf(quiet, 'won')).toEqual([]);
  });

  it('tells every subscribed entrant a draw was drawn, and the winner also that they won', async () => {
    const { item, draw } = await startDrawShow(t);
    const entrants = await members(4);
    const [a, b, c, unsubscribed] = entrants;
    if (!a || !b || !c || !unsubscribed) throw new Error('setup');
    await subscribe(a);
    await subscribe(b, 2);
    await subscribe(c, 1, ['won']);
    for (const member of entrants) expect((await buyAs(t.app, member, item.id)).statusCode).toBe(202);

    await closeWindowNow(t, draw);
    const ended = await drawEnded(t, draw.id);
    expect(ended.status).toBe('drawn');
    const winnerId = (
      await db()
        .selectFrom('drawEntries')
        .select('userId')
        .where('drawId', '=', draw.id)
        .where('entryNumber', '=', ended.winnerEntryNumber ?? -1)
        .executeTakeFirstOrThrow()
    ).userId;

    const expected = new Map([
      [a, 1],
      [b, 2],
      [c, 0],
      [unsubscribed, 0],
    ]);
    for (const [member, count] of expected) {
      const rows = await pushesOf(member, 'draw_drawn');
      expect(rows, member.email).toHaveLength(count);
      for (const row of rows) {
        expect(PushData.draw_drawn.parse(row.payload)).toEqual({
          drawId: draw.id,
          showItemId: item.id,
          itemTitle: item.title,
        });
      }
      const won = await pushesOf(member, 'won');
      const devices = member === unsubscribed ? 0 : member === b ? 2 : 1;
      expect(won, member.email).toHaveLength(member.userId === winnerId ? devices : 0);
    }
  });

  it('writes show_starting pushes at the reminder wake-ups, soon then launch, for members who pressed Notify me', async () => {
    const [reminded, optedOut, notReminded] = await members(3);
    if (!reminded || !optedOut || !notReminded) throw new Error('setup');
    await subscribe(reminded);
    await subscribe(optedOut, 1, ['won']);
    await subscribe(notReminded);
    // No items: the show never starts, so it never collides with the other tests' live shows.
    const created = await call(admin, 'POST', '/api/shows', { title: `Reminded ${backend}`, perKnifeSeconds: 60 });
    expect(created.statusCode).toBe(201);
    const showId = created.json().id as string;
    const launchAt = Date.now() + LEAD_S * 1000 + 1500;
    const scheduled = await call(admin, 'PATCH', `/api/shows/${showId}/schedule`, {
      launchTime: new Date(launchAt).toISOString(),
      status: 'scheduled',
    });
    expect(scheduled.statusCode).toBe(200);
    for (const member of [reminded, optedOut])
      expect((await call(member, 'PUT', `/api/reminders/${showId}`)).statusCode).toBe(200);

    const rows = await eventually(
      async () => {
        const written = await pushesOf(reminded, 'show_starting');
        return written.length === 2 ? written : undefined;
      },
      { within: 15_000, what: 'the soon and launch pushes' },
    );
    expect(rows.map((row) => PushData.show_starting.parse(row.payload))).toEqual([
      { showId, showTitle: `Reminded ${backend}`, phase: 'soon' },
      { showId, showTitle: `Reminded ${backend}`, phase: 'launch' },
    ]);
    expect(rows.map((row) => row.dedupeKey)).toEqual([
      `show_starting:${showId}:soon:${launchAt}:${rows[0]?.subscriptionId}`,
      `show_starting:${showId}:launch:${launchAt}:${rows[0]?.subscriptionId}`,
    ]);
    expect(await pushesOf(optedOut, 'show_starting')).toEqual([]);
    expect(await pushesOf(notReminded, 'show_starting')).toEqual([]);
  });

  it('writes a shipped push with the first item and the count when the package ships, once', async () => {
    const [buyer] = await members(1);
    if (!buyer) throw new Error('setup');
    await subscribe(buyer);
    const showId = await liveShow(t, `Shipped ${backend}`, new Date());
    const one = await authorizedPurchase(t, buyer, showId, { title: 'First Folder' });
    await authorizedPurchase(t, buyer, showId, { title: 'Second Folder' });
    const shipment = await packageOf(t, admin.cookie, one.id);
    const ship = () =>
      call(admin, 'POST', `/api/admin/shipments/${shipment.id}/ship`, {
        carrier: 'ups',
        service: 'UPS Ground',
        trackingNumber: '1Z999AA10123456784',
      });
    expect((await ship()).statusCode).toBe(200);
    expect((await ship()).statusCode).not.toBe(200);
    const rows = await pushesOf(buyer, 'shipped');
    expect(rows).toHaveLength(1);
    expect(PushData.shipped.parse(rows[0]?.payload)).toEqual({
      shipmentId: shipment.id,
      itemTitle: 'First Folder',
      items: 2,
    });
  });

  it('tells hearters their knife is on when the show starts and next when the one before it shows, once a run', async () => {
    const live = await db().selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
    for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
    const { show, items } = await insertShowRows(db(), {
      title: `Hearted ${backend}`,
      perKnifeSeconds: 120,
      prerollSeconds: 60,
      intermissionSeconds: 5,
      items: knives(3, { first: 1, price: '80.00' }),
    });
    const [k0, k1, k2] = items;
    const [ann, bob, cara, dave] = await members(4);
    if (!k0 || !k1 || !k2 || !ann || !bob || !cara || !dave) throw new Error('setup');
    for (const member of [ann, bob, cara]) await subscribe(member);
    await subscribe(dave, 1, ['won', 'shipped']);
    const hearts: Array<[SeededMember, string]> = [
      [ann, k0.id],
      [bob, k1.id],
      [cara, k2.id],
      [dave, k1.id],
    ];
    // Hearted before the show is announced (straight into item_hearts: the hearts routes have tests of their own).
    await db()
      .insertInto('itemHearts')
      .values(hearts.map(([member, itemId]) => ({ userId: member.userId, showItemId: itemId })))
      .execute();
    const heard = async (member: SeededMember) =>
      (await pushesOf(member, 'hearted_next')).map((row) => PushData.hearted_next.parse(row.payload));
    const about = (item: typeof k0, position: 'now' | 'next') => ({
      showId: show.id,
      showItemId: item.id,
      itemTitle: item.title,
      position,
    });

    // The start (the preroll): the first knife's hearters.
    expect((await t.app.shows.driver.command(show.id, { type: 'start' })).ok).toBe(true);
    expect(await heard(ann)).toEqual([about(k0, 'now')]);
    expect(await heard(bob)).toEqual([]);

    // The first knife on screen: the second's hearters. A repeated wake-up for the same step, and
    // the same statement run again (another replica's hook), write nothing more.
    const before = await db().selectFrom('shows').select('step').where('id', '=', show.id).executeTakeFirstOrThrow();
    await advanceShowTo(t, show.id, 0);
    await t.app.shows.driver.wake(show.id, before.step);
    expect(await fanOutHeartedNext(db(), show.id, new Date())).toEqual([]);
    expect(await heard(bob)).toEqual([about(k1, 'next')]);
    expect(await heard(ann)).toEqual([about(k0, 'now')]);
    expect(await heard(cara)).toEqual([]);
    expect(await heard(dave)).toEqual([]);

    await advanceShowTo(t, show.id, 1);
    expect(await heard(cara)).toEqual([about(k2, 'next')]);

    // Reset and run again: announced again, except a knife sold meanwhile.
    await t.app.shows.driver.command(show.id, { type: 'reset' });
    await db()
      .updateTable('showItems')
      .set({ status: 'sold', soldToUserId: dave.userId, soldAt: new Date() })
      .where('id', '=', k2.id)
      .execute();
    expect((await t.app.shows.driver.command(show.id, { type: 'start' })).ok).toBe(true);
    await advanceShowTo(t, show.id, 1);
    expect(await heard(ann)).toEqual([about(k0, 'now'), about(k0, 'now')]);
    expect(await heard(bob)).toEqual([about(k1, 'next'), about(k1, 'next')]);
    expect(await heard(cara)).toEqual([about(k2, 'next')]);
    expect(await heard(dave)).toEqual([]);
    await t.app.shows.driver.command(show.id, { type: 'reset' });
  });
});
