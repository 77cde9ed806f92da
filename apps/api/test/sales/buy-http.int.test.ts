import { buyMessages } from '@vault/contracts';
import { backends, checkLedger, DEFAULT_KNIFE_FACTS } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileClaims } from '../../src/sales/reconciler';
import type { TestApp } from '../test-app';
import { buyHelpers, startBuyingApps } from './buy-support';

// The Buy button over HTTP: one sale among many presses, on either instance; declines, gateway
// errors and timeouts; the same purchase for a retried press; clear refusals; and $1 test products.

describe.each(backends)('buying on %s: exactly once', (backend) => {
  let t: TestApp;
  /** A second instance on the same database (and Redis when scaled): buyers are spread over both. */
  let other: FastifyInstance;

  beforeAll(async () => {
    ({ t, other } = await startBuyingApps(backend));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { db, buy, members, liveShow, authorisations } = buyHelpers(() => t);

  it('sells an item to exactly one of 200 buyers pressing Buy at once', async () => {
    const { items } = await liveShow();
    const item = items[0];
    if (!item) throw new Error('no item');
    const buyers = await members(200);
    const answers = await Promise.all(buyers.map((m, i) => buy(m, item.id, { app: i % 2 ? other : t.app })));

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: buyMessages.sold, code: 'sold' });
    }
    const winner = answers.find((a) => a.statusCode === 200);
    expect(winner?.json()).toMatchObject({
      item: { id: item.id, title: 'Knife 1', price: '250.00' },
      purchase: { showItemId: item.id, amount: '250.00', status: 'authorized' },
    });

    const purchases = await db().selectFrom('purchases').selectAll().where('showItemId', '=', item.id).execute();
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.shippingAddress).toMatch(/Forge Street, Austin, TX 78701, US/);
    const auths = await authorisations(item.id);
    expect(auths).toHaveLength(1);
    expect(purchases[0]?.transactionId).toBe(String(auths[0]?.id));

    const sold = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(sold).toMatchObject({ status: 'sold', soldToUserId: purchases[0]?.userId, claimId: null });
  });

  it('shows the sale to every member and shortens the item’s time', async () => {
    const { items } = await liveShow(2, 300);
    const [buyer, watcher] = await members(2);
    if (!buyer || !watcher || !items[0]) throw new Error('setup');
    expect((await buy(buyer, items[0].id)).statusCode).toBe(200);
    // Any instance, any member: the state view changes through the bus.
    let state: Record<string, unknown> & { currentItem?: { status: string; soldToUserId: string } } = {};
    for (let i = 0; i < 50; i++) {
      state = (await other.inject({ url: '/api/show/state', headers: { cookie: watcher.cookie } })).json();
      if (state.currentItem?.status === 'sold') break;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(state.currentItem).toMatchObject({ status: 'sold', soldToUserId: buyer.userId });
    expect(state.timeRemaining).toBeLessThanOrEqual(10_000);
  });

  it('gives a declined card 402 and lets the next member buy', async () => {
    const { items } = await liveShow();
    const item = items[0];
    if (!item) throw new Error('no item');
    const [declined] = await members(1, 'decline-charge');
    const [next] = await members(1);
    if (!declined || !next) throw new Error('setup');

    const refused = await buy(declined, item.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ message: buyMessages.declined, code: 'card_declined' });
    const released = await db().selectFrom('showItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(released).toMatchObject({ status: 'showing', soldToUserId: null, claimId: null });

    // The other instance learnt of the claim and of its release: it sells now.
    const bought = await buy(next, item.id, { app: other });
    expect(bought.statusCode).toBe(200);
    expect(await db().selectFrom('purchases').selectAll().where('showItemId', '=', item.id).execute()).toHaveLength(1);
  });

  it('answers 402 and releases the item when the gateway errors', async () => {
    const { items } = await liveShow();
    const [erroring] = await members(1, 'error-charge');
    if (!erroring || !items[0]) throw new Error('setup');
    const res = await buy(erroring, items[0].id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: buyMessages.gatewayFailed, code: 'payment_failed' });
    expect(
      (await db().selectFrom('showItems').select('status').where('id', '=', items[0].id).executeTakeFirstOrThrow())
        .status,
    ).toBe('showing');
  });

  it('returns the same purchase to a double tap, a resend and a retried Idempotency-Key, authorising once', async () => {
    const { items } = await liveShow();
    const [member] = await members(1);
    if (!member || !items[0] || !items[1]) throw new Error('setup');
    const id = items[0].id;
    const key = 'tap-0123456789';
    // A double tap: both presses at once, one on each instance.
    const [first, second] = await Promise.all([buy(member, id, { key }), buy(member, id, { key, app: other })]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const purchaseId = first.json().purchase.id;
    expect(second.json().purchase.id).toBe(purchaseId);
    // A resend after a timeout, with and without the key.
    expect((await buy(member, id, { key })).json().purchase.id).toBe(purchaseId);
    expect((await buy(member, id)).json().purchase.id).toBe(purchaseId);
    expect(await authorisations(id)).toHaveLength(1);
    // The key belongs to that purchase: reusing it for another item is refused.
    const reused = await buy(member, items[1].id, { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: buyMessages.keyReused, code: 'idempotency_key_reused' });
  });

  it('finds an authorisation whose answer never came (gateway timeout) and records the purchase', async () => {
    const { items } = await liveShow();
    const [member] = await members(1, 'timeout-charge');
    if (!member || !items[0]) throw new Error('setup');
    const res = await buy(member, items[0].id);
    expect(res.statusCode).toBe(200);
    expect(res.json().purchase.transactionId).toMatch(/^\d+$/);
    expect(await authorisations(items[0].id)).toHaveLength(1);
  }, 15_000);

  it('voids an authorisation the gateway wrote only after its answer was given up on', async () => {
    const { items } = await liveShow();
    const [member] = await members(1);
    const simulator = t.app.payments.simulator;
    if (!member || !items[0] || !simulator) throw new Error('setup');
    // A gateway slow under load: no answer, and the authorisation lands after the lookup that
    // follows the timeout found nothing. That "nothing" is no "no".
    await simulator.injectFaults({ requestType: 'createTransactionRequest', kind: 'late-work' });
    const res = await buy(member, items[0].id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'payment_failed' });
    const claim = await db()
      .selectFrom('saleClaims')
      .select(['status', 'needsCheck'])
      .where('showItemId', '=', items[0].id)
      .executeTakeFirstOrThrow();
    expect(claim).toEqual({ status: 'released', needsCheck: true });

    await simulator.idle();
    expect(await authorisations(items[0].id)).toHaveLength(1);
    expect(await reconcileClaims(t.app.deps, { pendingAfterMs: 0, recheckAfterMs: 0 })).toMatchObject({ voided: 1 });
    expect((await checkLedger(t.database, items[0].id)).problems).toEqual([]);
  }, 15_000);

  it('refuses clearly: anonymous, not onboarded, no card, unknown, not on sale, bad input', async () => {
    const { items } = await liveShow(2);
    const [member] = await members(1);
    if (!member || !items[1]) throw new Error('setup');
    expect((await buy(null, items[1].id)).statusCode).toBe(401);

    const [fresh] = await members(1);
    if (!fresh) throw new Error('setup');
    await db().updateTable('users').set({ onboardingCompleted: false }).where('id', '=', fresh.userId).execute();
    const notOnboarded = await buy(fresh, items[1].id);
    expect(notOnboarded.statusCode).toBe(403);
    expect(notOnboarded.json()).toEqual({ message: buyMessages.onboardingRequired, code: 'onboarding_required' });
    await db()
      .updateTable('users')
      .set({ onboardingCompleted: true, authNetPaymentProfileId: null })
      .where('id', '=', fresh.userId)
      .execute();
    const noCard = await buy(fresh, items[1].id);
    expect(noCard.statusCode).toBe(403);
    expect(noCard.json()).toEqual({ message: buyMessages.paymentMethodRequired, code: 'payment_method_required' });

    const unknown = await buy(member, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: buyMessages.notFound, code: 'not_found' });
    const queued = await buy(member, items[1].id);
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toEqual({ message: buyMessages.notOnSale, code: 'not_on_sale' });
    const bad = await buy(member, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Choose an item to buy', code: 'invalid_request' });
    const badKey = await buy(member, items[1].id, { key: 'x' });
    expect(badKey.statusCode).toBe(400);
  });

  it('sells $1 test products while no show is live, each once', async () => {
    const live = await db().selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
    for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
    // The standing show that holds test products (the demo seed makes it; this database has no seed).
    const testShow = await db()
      .insertInto('shows')
      .values({ title: 'Test products', kind: 'test_products' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db()
      .insertInto('showItems')
      .values({ showId: testShow.id, title: 'Test Blade', price: '1.00', status: 'available', ...DEFAULT_KNIFE_FACTS })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [a, b] = await members(2);
    if (!a || !b) throw new Error('setup');
    const listed = (await t.app.inject({ url: '/api/test-products', headers: { cookie: a.cookie } })).json();
    expect(listed.map((p: { id: string }) => p.id)).toContain(product.id);

    const bought = await buy(a, product.id);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().item).toEqual({ id: product.id, title: 'Test Blade', price: '1.00' });
    expect((await buy(b, product.id)).json()).toEqual({ message: buyMessages.sold, code: 'sold' });
    const after = (await t.app.inject({ url: '/api/test-products', headers: { cookie: a.cookie } })).json();
    expect(after.map((p: { id: string }) => p.id)).not.toContain(product.id);

    // While a show is live, test products wait.
    const another = await db()
      .insertInto('showItems')
      .values({
        showId: testShow.id,
        title: 'Test Blade 2',
        price: '1.00',
        status: 'available',
        ...DEFAULT_KNIFE_FACTS,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await liveShow();
    const waiting = await buy(a, another.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ message: buyMessages.notOnSale, code: 'not_on_sale' });
  });
});
