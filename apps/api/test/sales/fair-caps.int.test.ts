import { memberMessages } from '@vault/contracts';
import { backends, type SeededMember, type SimulatedCard, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimItem, releaseClaim } from '../../src/sales/claims.repository';
import {
  advanceShowTo,
  buildTestApp,
  buyAs,
  ORIGIN,
  seedCustomerAndAdmin,
  startLiveShow,
  type TestApp,
} from '../test-app';

describe.each(backends)('fair caps on %s', (backend) => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    other = await t.sibling();
    ({ admin } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const members = (count: number, card: SimulatedCard = 'approve') =>
    seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret, card });

  const buy = (member: SeededMember, showItemId: string, app: FastifyInstance = t.app) =>
    buyAs(app, member, showItemId);

  const setCap = (showId: string, purchaseCap: unknown, who: SeededMember = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/shows/${showId}`,
      headers: { origin: ORIGIN, cookie: who.cookie },
      payload: { purchaseCap },
    });

  const countOf = async (showId: string, userId: string) =>
    (
      await db()
        .selectFrom('showMemberPurchases')
        .select('count')
        .where('showId', '=', showId)
        .where('userId', '=', userId)
        .executeTakeFirst()
    )?.count ?? 0;

  it('lets an admin set and clear the cap, and shows it to members', async () => {
    const { show } = await startLiveShow(t, 2);
    const [member] = await members(1);
    if (!member) throw new Error('setup');

    const set = await setCap(show.id, 2);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: show.id, purchaseCap: 2 });
    await t.app.shows.store.refresh();
    const state = (await t.app.inject({ url: '/api/show/state', headers: { cookie: member.cookie } })).json();
    expect(state.show.purchaseCap).toBe(2);

    expect((await setCap(show.id, null)).json()).toMatchObject({ purchaseCap: null });
    for (const [bad, message] of [
      [0, 'Purchase limit must be at least 1'],
      [1.5, 'Purchase limit must be a whole number'],
      ['two', 'Purchase limit must be a whole number'],
      [1001, 'Purchase limit must be at most 1000'],
    ] as const) {
      const refused = await setCap(show.id, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toEqual({ message, code: 'invalid_request' });
    }
    expect((await setCap(show.id, 1, member)).statusCode).toBe(403);
    const row = await db().selectFrom('shows').select('purchaseCap').where('id', '=', show.id).executeTakeFirst();
    expect(row?.purchaseCap).toBeNull();
  });

  it('refuses a buy over the cap with 409 and a clear message, and lets others buy', async () => {
    const { show, items } = await startLiveShow(t, 3);
    expect((await setCap(show.id, 1)).statusCode).toBe(200);
    const [member, otherMember] = await members(2);
    if (!member || !otherMember || !items[1]) throw new Error('setup');

    expect((await buy(member, items[0]?.id ?? '')).statusCode).toBe(200);
    await advanceShowTo(t, show.id, 1);
    const refused = await buy(member, items[1].id, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: memberMessages.capReached(1), code: 'purchase_cap_reached' });
    expect(refused.json().message).toBe("You've reached this show's limit of 1 item per member");
    // Refused, not sold: the item is still on sale for someone else.
    expect((await buy(otherMember, items[1].id)).statusCode).toBe(200);
    expect(await countOf(show.id, member.userId)).toBe(1);
    expect(await countOf(show.id, otherMember.userId)).toBe(1);
  });

  it('counts a claim still being authorised, and gives the count back when it is released', async () => {
    const { show, items } = await startLiveShow(t, 2);
    expect((await setCap(show.id, 1)).statusCode).toBe(200);
    const [member] = await members(1);
    if (!member || !items[0] || !items[1]) throw new Error('setup');

    // A claim in flight (the gateway has not answered yet) holds the member's one place.
    const pending = await claimItem(db(), {
      userId: member.userId,
      showItemId: items[0].id,
      idempotencyKey: null,
      now: new Date(),
    });
    expect(pending).toBeDefined();
    expect(await countOf(show.id, member.userId)).toBe(1);
    // Put item 2 on sale beside it (as if item 1's phase ran out while the card was authorised).
    await db().updateTable('showItems').set({ status: 'showing' }).where('id', '=', items[1].id).execute();
    expect((await buy(member, items[1].id)).json()).toMatchObject({ code: 'purchase_cap_reached' });

    // The card was refused: the release gives the place back in the same transaction.
    await releaseClaim(db(), {
      claimId: pending?.claimId ?? '',
      failure: 'declined',
      needsCheck: false,
      now: new Date(),
    });
    expect(await countOf(show.id, member.userId)).toBe(0);
    expect((await buy(member, items[1].id)).statusCode).toBe(200);
    expect(await countOf(show.id, member.userId)).toBe(1);
  });

  it('gives the place back when the card is declined, so the member is not locked out', async () => {
    const { show, items } = await startLiveShow(t, 1);
    expect((await setCap(show.id, 1)).statusCode).toBe(200);
    const [declining] = await members(1, 'decline-charge');
    if (!declining || !items[0]) throw new Error('setup');
    expect((await buy(declining, items[0].id)).json()).toMatchObject({ code: 'card_declined' });
    expect(await countOf(show.id, declining.userId)).toBe(0);
    // Declined again, not capped: the first attempt left nothing counted.
    expect((await buy(declining, items[0].id, other)).json()).toMatchObject({ code: 'card_declined' });
  });

  it('never lets concurrent claims by one member pass the cap (one statement, many connections)', async () => {
    const { show, items } = await startLiveShow(t, 12, 300);
    expect((await setCap(show.id, 3)).statusCode).toBe(200);
    // Every item on sale at once: the claim statement alone must hold the line (no clock, no
    // in-memory gate), with the member's claims racing on separate connections.
    await db().updateTable('showItems').set({ status: 'showing' }).where('showId', '=', show.id).execute();
    const [member, rival] = await members(2);
    if (!member || !rival) throw new Error('setup');
    const claim = (userId: string, showItemId: string) =>
      claimItem(db(), { userId, showItemId, idempotencyKey: null, now: new Date() });

    // The rival (capped too) races for half the items at the same time, so some of the member's
    // claims lose the item itself after counting (the statement then undoes its count).
    const [results, rivalResults] = await Promise.all([
      Promise.all(items.map((item) => claim(member.userId, item.id))),
      Promise.all(items.slice(0, 6).map((item) => claim(rival.userId, item.id))),
    ]);
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(rivalResults.filter(Boolean)).toHaveLength(3);
    expect(await countOf(show.id, member.userId)).toBe(3);
    expect(await countOf(show.id, rival.userId)).toBe(3);

    const { rows } = await sql<{ claims: number; counted: number }>`
      select count(*)::int as claims, count(*) filter (where counted)::int as counted
      from sale_claims c join show_items i on i.id = c.show_item_id
      where i.show_id = ${show.id} and c.user_id = ${member.userId} and c.status = 'pending'`.execute(db());
    expect(rows[0]).toEqual({ claims: 3, counted: 3 });
    const held = await db()
      .selectFrom('showItems')
      .select('id')
      .where('showId', '=', show.id)
      .where('soldToUserId', '=', member.userId)
      .execute();
    expect(held).toHaveLength(3);
  });

  it.runIf(backend === 'postgres')(
    'undoes the count when the member is counted and then beaten to the item',
    async () => {
      const { show, items } = await startLiveShow(t, 1);
      expect((await setCap(show.id, 2)).statusCode).toBe(200);
      const [member, rival] = await members(2);
      const item = items[0];
      if (!member || !rival || !item) throw new Error('setup');
      // Hold the item's row, so the member's statement counts (the item looks free in its
      // snapshot) and then waits on the row; the rival's sale commits first.
      let racing: Promise<unknown> = Promise.resolve('not started');
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`select 1 from show_items where id = ${item.id} for update`.execute(trx);
          racing = claimItem(db(), {
            userId: member.userId,
            showItemId: item.id,
            idempotencyKey: null,
            now: new Date(),
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`update show_items set claim_id = 'rival', status = 'sold', sold_to_user_id = ${rival.userId},
            sold_at = now() where id = ${item.id}`.execute(trx);
        });
      expect(await racing).toBeUndefined();
      // Counted, beaten, undone: no place held, no claim recorded.
      expect(await countOf(show.id, member.userId)).toBe(0);
      expect(await db().selectFrom('saleClaims').select('id').where('userId', '=', member.userId).execute()).toEqual(
        [],
      );
    },
  );
  it('leaves shows without a cap and test products uncounted', async () => {
    const { show, items } = await startLiveShow(t, 2);
    const [member] = await members(1);
    if (!member || !items[0]) throw new Error('setup');
    expect((await buy(member, items[0].id)).statusCode).toBe(200);
    expect(await countOf(show.id, member.userId)).toBe(0);
    const claim = await db()
      .selectFrom('saleClaims')
      .select('counted')
      .where('showItemId', '=', items[0].id)
      .executeTakeFirstOrThrow();
    expect(claim.counted).toBe(false);
  });
});
