import { OrderList, type OrderView, trackingUrl } from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';
import { calls, insertOrder } from './returns-support';

const DAY_MS = 24 * 3600 * 1000;

describe.each(backends)("the member's orders with their packages, refunds and returns on %s", (backend) => {
  let t: TestApp;
  let member: SeededMember;
  let other: SeededMember;
  const call = calls(() => t);

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const [m, o] = await seedOnboardedMembers(t.database.db, { count: 2, sessionSecret: t.app.config.sessionSecret });
    if (!m || !o) throw new Error('setup');
    [member, other] = [m, o];
  });
  afterAll(async () => {
    await t?.close();
  });

  const orders = async (who = member) => {
    const res = await call(who.cookie, 'GET', '/api/orders');
    expect(res.statusCode).toBe(200);
    return OrderList.parse(res.json());
  };
  const orderOf = (list: OrderView[], id: string) => {
    const found = list.find((o) => o.id === id);
    if (!found) throw new Error(`order ${id} missing`);
    return found;
  };

  it('shows each order with its package as the member sees it, its refunds, its return and the return window', async () => {
    const { db } = t.database;
    const unbundled = await insertOrder(db, member.userId, { title: 'Unbundled' });
    const packing = await insertOrder(db, member.userId, { title: 'Packing', state: { status: 'processing' } });
    const shipping = await insertOrder(db, member.userId, { title: 'Shipping', state: { status: 'shipping' } });
    const shipped = await insertOrder(db, member.userId, { title: 'Shipped', state: { status: 'shipped' } });
    const delivered = await insertOrder(db, member.userId, {
      title: 'Delivered',
      price: '120.00',
      state: { status: 'delivered', deliveredDaysAgo: 2 },
    });
    const returned = await insertOrder(db, member.userId, { title: 'Returned', state: { status: 'delivered' } });
    const old = await insertOrder(db, member.userId, {
      title: 'Old',
      state: { status: 'delivered', deliveredDaysAgo: 40 },
    });
    await insertOrder(db, other.userId, { title: 'Not mine', state: { status: 'delivered' } });

    // Refunds: two done (listed oldest first), one pending and one failed (not money given back).
    const refund = (amount: string, status: 'pending' | 'done' | 'failed', minutesAgo: number) =>
      sql`insert into refunds (purchase_id, amount, reason, method, status, created_at, updated_at)
        values (${delivered.purchaseId}, ${amount}, 'Scratched', 'refund', ${status},
          now() - make_interval(mins => ${minutesAgo}), now())`.execute(db);
    await refund('20.00', 'done', 10);
    await refund('5.00', 'failed', 8);
    await refund('30.50', 'done', 5);
    await refund('1.00', 'pending', 1);
    const ask = await call(member.cookie, 'POST', '/api/returns', {
      purchaseId: returned.purchaseId,
      reason: 'Too big',
    });
    expect(ask.statusCode, ask.body).toBe(201);

    const list = await orders();
    expect(list.map((o) => o.productTitle)).toEqual([
      'Old',
      'Returned',
      'Delivered',
      'Shipped',
      'Shipping',
      'Packing',
      'Unbundled',
    ]);

    expect(orderOf(list, unbundled.purchaseId)).toMatchObject({
      status: 'authorized',
      quantity: 1,
      totalAmount: '80.00',
      shipment: null,
      refunds: [],
      return: null,
      returnableUntil: null,
    });
    expect(orderOf(list, packing.purchaseId).shipment).toEqual({
      id: packing.shipmentId,
      status: 'processing',
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
    });
    // Captures at the gateway while the package is being marked shipped: still processing to the member.
    expect(orderOf(list, shipping.purchaseId).shipment?.status).toBe('processing');
    expect(orderOf(list, shipped.purchaseId)).toMatchObject({
      shipment: {
        status: 'shipped',
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: trackingUrl('ups', '1Z999AA10123456784'),
        deliveredAt: null,
      },
      returnableUntil: null,
    });

    const deliveredOrder = orderOf(list, delivered.purchaseId);
    expect(deliveredOrder.shipment?.status).toBe('delivered');
    expect(deliveredOrder.refunds.map((r) => r.amount)).toEqual(['20.00', '30.50']);
    const deliveredAt = Date.parse(deliveredOrder.shipment?.deliveredAt ?? '');
    expect(deliveredOrder.returnableUntil).toBe(new Date(deliveredAt + 30 * DAY_MS).toISOString());
    expect(deliveredOrder.return).toBeNull();

    const returnedOrder = orderOf(list, returned.purchaseId);
    expect(returnedOrder.return).toEqual(ask.json());
    expect(returnedOrder.return).toMatchObject({ status: 'requested', reason: 'Too big', message: null });
    // A return in progress: no second request offered.
    expect(returnedOrder.returnableUntil).toBeNull();
    // Delivered 40 days ago: the window has closed.
    expect(orderOf(list, old.purchaseId).returnableUntil).toBeNull();

    // A declined return ends: a new request may be made while the window is open.
    await db
      .updateTable('returns')
      .set({ status: 'declined', message: 'No' })
      .where('purchaseId', '=', returned.purchaseId)
      .execute();
    const after = orderOf(await orders(), returned.purchaseId);
    expect(after.return).toMatchObject({ status: 'declined', message: 'No' });
    expect(after.returnableUntil).not.toBeNull();

    expect((await orders(other)).map((o) => o.productTitle)).toEqual(['Not mine']);
  });

  it('refuses visitors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(401);
  });
});
