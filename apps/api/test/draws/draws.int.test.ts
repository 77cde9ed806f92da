import {
  buyMessages,
  DRAW_RULE,
  DrawEntered,
  drawMessages,
  memberMessages,
  PublicDraw,
  ShowStateView,
  type SocketBuyAck,
  socketEvents,
} from '@vault/contracts';
import { backends, type SeededMember, type SimulatedCard, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorisationsOf, buildTestApp, buyAs, memberSocket, type TestApp } from '../test-app';
import {
  closeWindowNow,
  declineCardOf,
  drawEnded,
  openDrawOf,
  recomputeOrder,
  sha256Hex,
  startDrawShow,
} from './draw-support';

// Fair drops: a draw item's Buy enters its draw (202 and an entry number, the same number again
// on a second press), refused like a Buy; at the window's end one replica closes it, orders the
// entries by the published rule and charges the first in order, the next on a decline; the
// public record lets anyone check it. On PGlite (embedded: one process, the registry in its
// memory) and on Postgres with Redis (scaled: two replicas, the registry in Redis).

describe.each(backends)('draws on %s', (backend) => {
  let t: TestApp;
  let other: FastifyInstance;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    // Embedded is one process, its registry in that process's memory: a second app would be a
    // second registry no deployment has. Scaled, a second replica shares Redis and Postgres.
    other = backend === 'postgres' ? await t.sibling({ ownBus: true }) : t.app;
    if (other !== t.app) await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const members = (count: number, card: SimulatedCard = 'approve') =>
    seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret, card });
  const publicRecord = (showItemId: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'GET', url: `/api/draws/${showItemId}` });

  /** Each member enters once (alternating replicas); their entry numbers by member. */
  async function enterAll(entrants: SeededMember[], showItemId: string): Promise<Map<string, number>> {
    const answers = await Promise.all(entrants.map((m, i) => buyAs(i % 2 ? other : t.app, m, showItemId)));
    const numbers = new Map<string, number>();
    answers.forEach((answer, i) => {
      expect(answer.statusCode, answer.body).toBe(202);
      const entry = DrawEntered.parse(answer.json());
      numbers.set(entrants[i]?.userId ?? '', entry.entryNumber);
    });
    return numbers;
  }

  it('enters members through Buy with distinct numbers, and gives a second press the same number', async () => {
    const { item, draw } = await startDrawShow(t, { replicas: [other] });
    const entrants = await members(4);
    const numbers = await enterAll(entrants, item.id);
    expect([...numbers.values()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);

    const [first] = entrants;
    if (!first) throw new Error('setup');
    const again = await buyAs(other, first, item.id);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      entered: true,
      entryNumber: numbers.get(first.userId),
      drawId: draw.id,
      first: false,
    });

    // Over the live socket: the same entry in the acknowledgement.
    const socket = await memberSocket(other, first.cookie, sockets);
    const ack = (await socket.emitWithAck(socketEvents.buy, { showItemId: item.id })) as SocketBuyAck;
    expect(ack).toEqual({
      ok: true,
      entered: { entered: true, entryNumber: numbers.get(first.userId), drawId: draw.id, first: false },
    });
    const [late] = await members(1);
    if (!late) throw new Error('setup');
    const lateSocket = await memberSocket(t.app, late.cookie, sockets);
    const lateAck = (await lateSocket.emitWithAck(socketEvents.buy, { showItemId: item.id })) as SocketBuyAck;
    expect(lateAck).toMatchObject({ ok: true, entered: { entryNumber: 5, first: true } });

    // Nothing is claimed or charged while the window is open; the entries are written behind.
    expect(await authorisationsOf(t.database, item.id)).toHaveLength(0);
    const row = await db()
      .selectFrom('showItems')
      .select(['status', 'claimId'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'showing', claimId: null });
    await Promise.all([...new Set([t.app, other])].map((app) => app.draws.flush()));
    const written = await db().selectFrom('drawEntries').selectAll().where('drawId', '=', draw.id).execute();
    expect(written).toHaveLength(5);
    for (const entry of written) {
      expect(entry.pseudonym).toMatch(/^Entrant [0-9a-f]{8}$/);
      expect(entry.outcome).toBeNull();
    }
    expect(new Set(written.map((e) => e.pseudonym)).size).toBe(5);

    // Each member's own poll of the show (a reload) says whether they entered and with which
    // number, on the replica that took the entry and on the other; the push says it of nobody.
    const stateOf = async (app: FastifyInstance, member: SeededMember) =>
      ShowStateView.parse(
        (await app.inject({ method: 'GET', url: '/api/show/state', headers: { cookie: member.cookie } })).json(),
      ).currentItem?.draw;
    for (const app of new Set([t.app, other])) {
      for (const member of entrants) {
        expect(await stateOf(app, member)).toMatchObject({
          id: draw.id,
          entered: true,
          entryNumber: numbers.get(member.userId),
        });
      }
    }
    const [stranger] = await members(1);
    if (!stranger) throw new Error('setup');
    expect(await stateOf(t.app, stranger)).toMatchObject({ entered: false, entryNumber: null, status: 'open' });
    expect(t.app.shows.store.view(Date.now()).currentItem?.draw).toMatchObject({ entered: false, entryNumber: null });
  });

  it('refuses entry as Buy does: not onboarded, no card, at the cap, suspended', async () => {
    const { show, item } = await startDrawShow(t, { purchaseCap: 1, replicas: [other] });
    const [notOnboarded, noCard, atCap, suspended, fine] = await members(5);
    if (!notOnboarded || !noCard || !atCap || !suspended || !fine) throw new Error('setup');
    await db().updateTable('users').set({ onboardingCompleted: false }).where('id', '=', notOnboarded.userId).execute();
    await db()
      .updateTable('users')
      .set({ authNetCustomerProfileId: null, authNetPaymentProfileId: null })
      .where('id', '=', noCard.userId)
      .execute();
    await db().insertInto('showMemberPurchases').values({ showId: show.id, userId: atCap.userId, count: 1 }).execute();
    await db()
      .updateTable('users')
      .set({ buyingSuspendedAt: new Date(), buyingSuspendedReason: 'Presses faster than a person' })
      .where('id', '=', suspended.userId)
      .execute();

    const refusal = async (member: SeededMember) => {
      const res = await buyAs(t.app, member, item.id);
      return { status: res.statusCode, body: res.json() };
    };
    expect(await refusal(notOnboarded)).toEqual({
      status: 403,
      body: { message: buyMessages.onboardingRequired, code: 'onboarding_required' },
    });
    expect(await refusal(noCard)).toEqual({
      status: 403,
      body: { message: buyMessages.paymentMethodRequired, code: 'payment_method_required' },
    });
    expect(await refusal(atCap)).toEqual({
      status: 409,
      body: { message: memberMessages.capReached(1), code: 'purchase_cap_reached' },
    });
    expect(await refusal(suspended)).toEqual({
      status: 403,
      body: { message: drawMessages.suspended, code: 'buying_suspended' },
    });
    expect((await buyAs(t.app, fine, item.id)).statusCode).toBe(202);
    // A refused member who then saves a card is asked about afresh: only those who may enter are remembered.
    const card = await db()
      .selectFrom('users')
      .select(['authNetCustomerProfileId', 'authNetPaymentProfileId'])
      .where('id', '=', fine.userId)
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set(card).where('id', '=', noCard.userId).execute();
    expect((await buyAs(t.app, noCard, item.id)).json()).toMatchObject({ entered: true, entryNumber: 2 });
  });

  it('closes at the window’s end, charges the first in the published order, and refuses entries after', async () => {
    const { item, draw } = await startDrawShow(t, { replicas: [other] });
    const entrants = await members(6);
    const numbers = await enterAll(entrants, item.id);
    const open = (await publicRecord(item.id)).json();
    expect(open).toMatchObject({ status: 'open', commitment: draw.commitment, seed: null, entries: [], order: [] });
    expect(open.entryCount).toBeNull();

    await closeWindowNow(t, draw);
    const ended = await drawEnded(t, draw.id);
    expect(ended.status).toBe('drawn');

    const res = await publicRecord(item.id, other);
    expect(res.statusCode).toBe(200);
    const record = PublicDraw.parse(res.json());
    expect(record.rule).toBe(DRAW_RULE);
    // Anyone can check: the seed is the one committed to at the reveal, and the order follows from it.
    expect(record.seed).not.toBeNull();
    expect(sha256Hex(record.seed ?? '')).toBe(record.commitment);
    expect(record.commitment).toBe(draw.commitment);
    expect(record.entryCount).toBe(6);
    expect(record.entries.map((e) => e.entryNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const entry of record.entries) {
      for (const m of entrants) {
        expect(entry.pseudonym).not.toContain(m.userId);
        expect(entry.pseudonym).not.toContain(m.email);
      }
    }
    const order = recomputeOrder(
      record.seed ?? '',
      record.entries.map((e) => e.entryNumber),
    );
    expect(record.order).toEqual(order);
    expect(record.winnerEntryNumber).toBe(order[0]);
    expect(record.declinedEntryNumbers).toEqual([]);

    // The first in order bought it, once, charged once; the item is sold to them.
    const winner = entrants.find((m) => numbers.get(m.userId) === order[0]);
    const purchases = await db().selectFrom('purchases').selectAll().where('showItemId', '=', item.id).execute();
    expect(purchases.map((p) => p.userId)).toEqual([winner?.userId]);
    expect(ended.purchaseId).toBe(purchases[0]?.id);
    expect(await authorisationsOf(t.database, item.id)).toHaveLength(1);
    const sold = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(sold).toMatchObject({ status: 'sold', soldToUserId: winner?.userId, claimId: null });
    const outcomes = await db()
      .selectFrom('drawEntries')
      .select(['entryNumber', 'outcome'])
      .where('drawId', '=', draw.id)
      .execute();
    expect(outcomes.filter((e) => e.outcome !== null)).toEqual([{ entryNumber: order[0], outcome: 'won' }]);

    // After the close: 409 draw_closed, whoever presses, on either replica.
    const [late] = await members(1);
    if (!late || !winner) throw new Error('setup');
    for (const [who, app] of [
      [late, t.app],
      [winner, other],
    ] as const) {
      const refused = await eventually409(app, who, item.id);
      expect(refused).toEqual({ message: drawMessages.closed, code: 'draw_closed' });
    }
  });

  it('charges the next entrant in order when the winner’s card is declined', async () => {
    const { item, draw } = await startDrawShow(t, { replicas: [other] });
    const entrants = await members(5);
    const numbers = await enterAll(entrants, item.id);
    // The test looks at the secret seed (a stranger cannot) to know who will be first, and makes their card decline.
    const { seed } = await openDrawOf(t, item.id);
    const expected = recomputeOrder(seed, [...numbers.values()]);
    const byNumber = new Map([...numbers].map(([userId, n]) => [n, userId]));
    await declineCardOf(t, byNumber.get(expected[0] ?? 0) ?? '');

    await closeWindowNow(t, draw);
    const ended = await drawEnded(t, draw.id);
    expect(ended).toMatchObject({ status: 'drawn', winnerEntryNumber: expected[1] });
    const record = PublicDraw.parse((await publicRecord(item.id)).json());
    expect(record.order).toEqual(expected);
    expect(record.declinedEntryNumbers).toEqual([expected[0]]);
    expect(record.winnerEntryNumber).toBe(expected[1]);

    const purchases = await db().selectFrom('purchases').select('userId').where('showItemId', '=', item.id).execute();
    expect(purchases).toEqual([{ userId: byNumber.get(expected[1] ?? 0) }]);
    const auths = await authorisationsOf(t.database, item.id);
    expect(auths.map((a) => a.responseCode).sort()).toEqual(['1', '2']);
  });

  it('answers the public record: 400 for a malformed id, 404 for an item never drawn', async () => {
    const malformed = await publicRecord('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_request');
    const unknown = await publicRecord('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: drawMessages.notFound, code: 'not_found' });
    // The show's second item is sold by first press: it never had a draw.
    const { show, item } = await startDrawShow(t);
    const firstPress = await db()
      .selectFrom('showItems')
      .select('id')
      .where('showId', '=', show.id)
      .where('id', '!=', item.id)
      .executeTakeFirstOrThrow();
    const neverDrawn = await publicRecord(firstPress.id);
    expect(neverDrawn.statusCode).toBe(404);
    expect(neverDrawn.json()).toEqual({ message: drawMessages.notFound, code: 'not_found' });
  });

  it('cancels the draw on a reset, charging nobody, and draws anew with a new seed when the show runs again', async () => {
    const { show, item, draw } = await startDrawShow(t, { replicas: [other] });
    const entrants = await members(3);
    await enterAll(entrants, item.id);
    await t.app.shows.driver.command(show.id, { type: 'reset' });
    const cancelled = await drawEnded(t, draw.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await authorisationsOf(t.database, item.id)).toHaveLength(0);
    const afterReset = PublicDraw.parse((await publicRecord(item.id)).json());
    expect(afterReset).toMatchObject({ drawId: draw.id, status: 'cancelled', winnerEntryNumber: null });
    expect(sha256Hex(afterReset.seed ?? '')).toBe(draw.commitment);

    const restarted = await t.app.shows.driver.command(show.id, { type: 'start' });
    expect(restarted.ok).toBe(true);
    const again = await openDrawOf(t, item.id);
    expect(again.id).not.toBe(draw.id);
    expect(again.commitment).not.toBe(draw.commitment);
    const [first] = entrants;
    if (!first) throw new Error('setup');
    const entry = await eventually202(t.app, first, item.id);
    expect(entry).toMatchObject({ drawId: again.id, entryNumber: 1, first: true });
    // The public record is the new draw's now.
    expect((await publicRecord(item.id)).json()).toMatchObject({ drawId: again.id, status: 'open', seed: null });
    await closeWindowNow(t, again);
    expect(await drawEnded(t, again.id)).toMatchObject({ status: 'drawn', winnerEntryNumber: 1 });
    expect(await authorisationsOf(t.database, item.id)).toHaveLength(1);
  });

  it('finishes, on the reconciler’s turn, a draw no replica closed and one a replica left drawing', async () => {
    // Open past its close with no alarm for it: its deadline moved back without any replica hearing of it.
    const { item, draw } = await startDrawShow(t, { replicas: [other] });
    const entrants = await members(2);
    const numbers = await enterAll(entrants, item.id);
    await db()
      .updateTable('draws')
      .set({ closesAt: new Date(Date.now() - 6_000) })
      .where('id', '=', draw.id)
      .execute();
    await other.sales.reconcile();
    const closed = await drawEnded(t, draw.id);
    expect(closed).toMatchObject({ status: 'drawn', entryCount: 2 });
    expect(closed.winnerEntryNumber).toBe(recomputeOrder(closed.seed, [...numbers.values()])[0]);

    // Drawing, but its replica died before it wrote a single entry: the lease is taken over and the draw resumed.
    const next = await startDrawShow(t, { replicas: [other] });
    const more = await enterAll(await members(3), next.item.id);
    await db()
      .updateTable('draws')
      .set({ status: 'drawing', closesAt: new Date(Date.now() - 60_000), updatedAt: new Date(Date.now() - 60_000) })
      .where('id', '=', next.draw.id)
      .execute();
    await t.app.sales.reconcile();
    const resumed = await drawEnded(t, next.draw.id);
    expect(resumed).toMatchObject({ status: 'drawn', entryCount: 3 });
    expect(resumed.winnerEntryNumber).toBe(recomputeOrder(resumed.seed, [...more.values()])[0]);
    expect(await authorisationsOf(t.database, next.item.id)).toHaveLength(1);
  });

  /** A press once this replica saw the draw close (the close reaches each replica over the bus). */
  async function eventually409(app: FastifyInstance, member: SeededMember, showItemId: string) {
    for (let i = 0; i < 50; i++) {
      const res = await buyAs(app, member, showItemId);
      if (res.statusCode === 409) return res.json();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the draw never closed on this replica');
  }

  /** An entry once this replica shows the new draw. */
  async function eventually202(app: FastifyInstance, member: SeededMember, showItemId: string) {
    for (let i = 0; i < 50; i++) {
      const res = await buyAs(app, member, showItemId);
      if (res.statusCode === 202) return res.json();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the new draw never took an entry');
  }
});
