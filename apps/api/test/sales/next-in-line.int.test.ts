import { buyMessages } from '@vault/contracts';
import { backends, eventually, type SeededMember, type SimulatedCard } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { buyHelpers, startBuyingApps } from './buy-support';

// The next in line: a first-press winner whose card is declined does not put the item back on
// sale; it goes to the next member who pressed Buy for it while it was on screen, in the order
// the server received the presses (the press line of presses/), charged the same way, and to the
// one after on another decline. Nobody else is charged. With the show's next_in_line off, the
// item goes back on sale as before.

describe.each(backends)('next in line on %s', (backend) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    ({ t, other } = await startBuyingApps(backend));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { db, buy, members, liveShow, authorisations } = buyHelpers(() => t);

  const member = async (card: SimulatedCard = 'approve'): Promise<SeededMember> => {
    const [seeded] = await members(1, card);
    if (!seeded) throw new Error('setup');
    return seeded;
  };

  /**
   * The race as members run it: each has the show open (their session and eligibility are held),
   * the declining winner presses first and claims the item, then the others press, in this order,
   * while its card is being authorised (they are told it is sold). Returns the winner's answer.
   */
  async function race(itemId: string, winner: SeededMember, behind: SeededMember[]) {
    for (const m of [winner, ...behind]) {
      await t.app.inject({ url: '/api/show/state', headers: { cookie: m.cookie } });
    }
    const winning = buy(winner, itemId);
    await eventually(
      () =>
        db()
          .selectFrom('saleClaims')
          .select('id')
          .where('showItemId', '=', itemId)
          .where('userId', '=', winner.userId)
          .executeTakeFirst(),
      { within: 5000, every: 2, what: 'the winner’s claim' },
    );
    for (const m of behind) {
      const refused = await buy(m, itemId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('sold');
    }
    return winning;
  }

  const purchaseOf = (itemId: string) =>
    eventually(() => db().selectFrom('purchases').selectAll().where('showItemId', '=', itemId).executeTakeFirst(), {
      within: 10_000,
      what: 'the purchase',
    });

  it('passes a declined winner’s item to the next member who pressed, charging nobody else', async () => {
    const { items } = await liveShow();
    const item = items[0];
    if (!item) throw new Error('setup');
    const declined = await member('decline-charge');
    const second = await member();
    const third = await member();

    const answer = await race(item.id, declined, [second, third]);
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toEqual({ message: buyMessages.declined, code: 'card_declined' });

    const purchase = await purchaseOf(item.id);
    expect(purchase).toMatchObject({ userId: second.userId, status: 'authorized', amount: '250.00' });
    const sold = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(sold).toMatchObject({ status: 'sold', soldToUserId: second.userId, claimId: null });
    // Two authorisations: the declined one and the next in line's; the third member was never charged.
    const auths = await authorisations(item.id);
    expect(auths.map((a) => a.responseCode).sort()).toEqual(['1', '2']);
    const claims = await db()
      .selectFrom('saleClaims')
      .select(['userId', 'status'])
      .where('showItemId', '=', item.id)
      .orderBy('createdAt')
      .execute();
    expect(claims).toEqual([
      { userId: declined.userId, status: 'released' },
      { userId: second.userId, status: 'settled' },
    ]);
    // Every screen, on either replica, shows it sold to them.
    await eventually(
      async () => {
        const state = (await other.inject({ url: '/api/show/state', headers: { cookie: third.cookie } })).json();
        return state.currentItem?.status === 'sold' && state.currentItem.soldToUserId === second.userId;
      },
      { within: 5000, what: 'the sale on the other replica' },
    );
  });

  it('goes on down the line past another decline and a member who can no longer buy', async () => {
    const { items } = await liveShow();
    const item = items[0];
    if (!item) throw new Error('setup');
    const declined = await member('decline-charge');
    const alsoDeclined = await member('decline-charge');
    const cardRemoved = await member();
    const fourth = await member();

    // Their card is gone (removed after they opened the show): their press counts in the line, but
    // when their turn comes they cannot be charged, so they are passed over.
    await db()
      .updateTable('users')
      .set({ authNetCustomerProfileId: null, authNetPaymentProfileId: null })
      .where('id', '=', cardRemoved.userId)
      .execute();
    const answer = await race(item.id, declined, [alsoDeclined, cardRemoved, fourth]);
    expect(answer.statusCode).toBe(402);

    expect(await purchaseOf(item.id)).toMatchObject({ userId: fourth.userId });
    const auths = await authorisations(item.id);
    expect(auths.map((a) => a.responseCode).sort()).toEqual(['1', '2', '2']);
  });

  it('puts the item back on sale when the show has next in line off', async () => {
    const { show, items } = await liveShow();
    const item = items[0];
    if (!item) throw new Error('setup');
    await db().updateTable('shows').set({ nextInLine: false }).where('id', '=', show.id).execute();
    const declined = await member('decline-charge');
    const second = await member();

    const answer = await race(item.id, declined, [second]);
    expect(answer.statusCode).toBe(402);
    const released = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(released).toMatchObject({ status: 'showing', soldToUserId: null, claimId: null });
    expect(await db().selectFrom('purchases').select('id').where('showItemId', '=', item.id).execute()).toEqual([]);
    expect(await authorisations(item.id)).toHaveLength(1);

    // Back on sale: whoever presses now buys it, as before this feature.
    const bought = await buy(second, item.id, { app: other });
    expect(bought.statusCode).toBe(200);
  });
});
