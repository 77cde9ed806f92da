import type { ShowReport } from '@vault/contracts';
import { backends, parseCsv, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

// The show report's "after the sale": a past show whose purchases travel in packages (written here
// as the bundler, Mark shipped, returns and refunds leave them), read back as the report's figures,
// each item's own facts, and the CSV's columns.

// The show ended on Monday 3 March 2025 at 20:00 UTC; two business days later, its packages were due.
const ENDED = new Date('2025-03-03T20:00:00Z');
const SHIP_BY = '2025-03-05';

describe.each(backends)("the show report's after the sale on %s", (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: admin.cookie } });

  /** A completed show of eight knives; seven sold, to five members. */
  async function seedPastShow() {
    const db = t.database.db;
    const members = await seedOnboardedMembers(db, { count: 5, sessionSecret: t.app.config.sessionSecret });
    const [ada, ben, cal, dee, eve] = members;
    if (!ada || !ben || !cal || !dee || !eve) throw new Error('setup');
    const show = await db
      .insertInto('shows')
      .values({ title: 'After the Sale Night', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('showEvents')
      .values([
        { showId: show.id, step: 1, type: 'started', payload: '{}', occurredAt: new Date('2025-03-03T19:00:00Z') },
        { showId: show.id, step: 2, type: 'completed', payload: '{}', occurredAt: ENDED },
      ])
      .execute();
    const prices = ['100.00', '50.00', '80.00', '60.00', '30.00', '20.00', '40.00', '10.00'];
    const buyers = [ada, ada, ben, cal, dee, eve, ada, null];
    const items = await db
      .insertInto('showItems')
      .values(
        prices.map((price, i) => ({
          showId: show.id,
          title: `Knife ${i + 1}`,
          price,
          orderIndex: i,
          status: buyers[i] ? ('sold' as const) : ('available' as const),
          soldToUserId: buyers[i]?.userId ?? null,
          soldAt: buyers[i] ? new Date('2025-03-03T19:30:00Z') : null,
          updatedAt: new Date(),
        })),
      )
      .returning(['id', 'orderIndex'])
      .execute();
    items.sort((a, b) => a.orderIndex - b.orderIndex);
    const capturedAt = new Date('2025-03-04T15:00:00Z');
    // Four captured when their packages shipped, two authorised, one voided.
    const statuses = [
      'completed',
      'completed',
      'completed',
      'completed',
      'authorized',
      'authorized',
      'voided',
    ] as const;
    const purchases = await db
      .insertInto('purchases')
      .values(
        statuses.map((status, i) => {
          const captured = status === 'completed';
          return {
            userId: buyers[i]?.userId ?? '',
            showItemId: items[i]?.id ?? '',
            amount: prices[i] ?? '',
            status,
            shippingAddress: '1 Forge Street, Austin, TX 78701, US',
            capturedAmount: captured ? (prices[i] ?? null) : null,
            capturedAt: captured ? capturedAt : null,
            updatedAt: new Date(),
          };
        }),
      )
      .returning(['id', 'showItemId'])
      .execute();
    const purchaseOf = (i: number) => purchases.find((p) => p.showItemId === items[i]?.id)?.id ?? '';

    const ship = (userId: string, values: object) =>
      db
        .insertInto('shipments')
        .values({
          userId,
          showId: show.id,
          shipTo: '1 Forge Street',
          shipBy: SHIP_BY,
          updatedAt: new Date(),
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const tracked = { carrier: 'ups' as const, trackingNumber: '1Z999AA10123456784' };
    // Ada's two knives in one package, shipped the next day: on time, 0.8 days after the end.
    const onTime = await ship(ada.userId, {
      status: 'shipped',
      shippedAt: new Date('2025-03-04T15:00:00Z'),
      ...tracked,
    });
    // Ben's shipped in the first hour of the day after its ship-by day: late, 2.2 days.
    const late = await ship(ben.userId, { status: 'shipped', shippedAt: new Date('2025-03-06T01:00:00Z'), ...tracked });
    // Cal's shipped late in the evening of its ship-by day (UTC): on time, 2.1 days; then delivered.
    const delivered = await ship(cal.userId, {
      status: 'delivered',
      shippedAt: new Date('2025-03-05T23:30:00Z'),
      deliveredAt: new Date('2025-03-07T12:00:00Z'),
      ...tracked,
    });
    // Dee's and Eve's still wait, past their ship-by day (a package not due yet is the unit test's).
    const waiting = await ship(dee.userId, { status: 'processing' });
    const waitingToo = await ship(eve.userId, { status: 'processing' });
    const bundled: [number, string][] = [
      [0, onTime.id],
      [1, onTime.id],
      [2, late.id],
      [3, delivered.id],
      [4, waiting.id],
      [5, waitingToo.id],
    ];
    for (const [i, shipmentId] of bundled)
      await db.updateTable('purchases').set({ shipmentId }).where('id', '=', purchaseOf(i)).execute();

    // Another show's package of Ada's, shipped late: not this show's business.
    const other = await db
      .insertInto('shows')
      .values({ title: 'Other night' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ship(ada.userId, {
      showId: other.id,
      status: 'shipped',
      shippedAt: new Date('2025-04-01T00:00:00Z'),
      ...tracked,
    });

    // Cal returned the delivered knife and got half back; Ben's request was declined, then asked again;
    // Ada asked to return knife 1 (a refund of it failed at the gateway, another is there now).
    const returnOf = (i: number, userId: string, status: 'requested' | 'declined' | 'refunded', n: number) => ({
      number: `RMA-0000000${n}`,
      purchaseId: purchaseOf(i),
      userId,
      reason: 'Not as pictured',
      status,
      updatedAt: new Date(),
    });
    await db
      .insertInto('returns')
      .values([
        returnOf(3, cal.userId, 'refunded', 1),
        returnOf(2, ben.userId, 'declined', 2),
        returnOf(0, ada.userId, 'requested', 3),
        returnOf(2, ben.userId, 'requested', 4),
      ])
      .execute();
    // Ben's request was declined a day before he asked again.
    await sql`update returns set created_at = created_at - interval '1 day' where number = 'RMA-00000002'`.execute(db);
    const refund = (i: number, amount: string, status: 'pending' | 'done' | 'failed') => ({
      purchaseId: purchaseOf(i),
      amount,
      reason: 'Return',
      method: 'refund' as const,
      status,
      updatedAt: new Date(),
    });
    await db
      .insertInto('refunds')
      .values([refund(3, '30.00', 'done'), refund(0, '100.00', 'failed'), refund(1, '10.00', 'pending')])
      .execute();
    return { show, purchaseOf };
  }

  it('reports packages, shipping on time, days to ship, returns and refunds, per show and per item', async () => {
    const { show } = await seedPastShow();
    const res = await get(`/api/shows/${show.id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const report: ShowReport = res.json();

    expect(report.afterSale).toEqual({
      packages: { total: 5, toPack: 2, shipped: 2, delivered: 1, late: 2 },
      onTime: { shipped: 3, onTime: 2, rate: 2 / 3 },
      // 0.8, 2.1 and 2.2 calendar days after the show's end.
      daysToShip: { median: 2.1, max: 2.2 },
      returns: { requested: 2, approved: 0, declined: 1, received: 0, refunded: 1 },
      // 30.00 of the 290.00 captured came back; the failed refund gave nothing, the pending one not yet.
      refunds: { count: 1, pending: 1, amount: '30.00', shareOfCaptured: 30 / 290 },
      captured: '290.00',
    });
    const [k1, k2, k3, k4, k5, k6, k7, k8] = report.items.map((item) => item.afterSale);
    expect(k1).toEqual({
      shipmentStatus: 'shipped',
      shipBy: SHIP_BY,
      shippedAt: '2025-03-04T15:00:00.000Z',
      deliveredAt: null,
      shippedOnTime: true,
      daysToShip: 0.8,
      captured: '100.00',
      refunded: '0.00',
      returnStatus: 'requested',
    });
    expect(k2).toMatchObject({ shipmentStatus: 'shipped', shippedOnTime: true, captured: '50.00', refunded: '0.00' });
    // Declined, then asked again: the latest return is the one that stands.
    expect(k3).toMatchObject({ shippedOnTime: false, daysToShip: 2.2, returnStatus: 'requested' });
    expect(k4).toEqual({
      shipmentStatus: 'delivered',
      shipBy: SHIP_BY,
      shippedAt: '2025-03-05T23:30:00.000Z',
      deliveredAt: '2025-03-07T12:00:00.000Z',
      shippedOnTime: true,
      daysToShip: 2.1,
      captured: '60.00',
      refunded: '30.00',
      returnStatus: 'refunded',
    });
    expect(k5).toMatchObject({ shipmentStatus: 'processing', shippedAt: null, shippedOnTime: null, captured: null });
    expect(k6).toMatchObject({ shipmentStatus: 'processing', shipBy: SHIP_BY, daysToShip: null });
    expect(k7).toMatchObject({ shipmentStatus: null, captured: null, refunded: '0.00', returnStatus: null });
    expect(k8).toMatchObject({ shipmentStatus: null, captured: null });

    // The CSV: the same facts as each item's last columns.
    const csv = await get(`/api/shows/${show.id}/report.csv`);
    expect(csv.statusCode).toBe(200);
    const [head = [], ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(head.indexOf('Shipment status')).toBe(head.length - 9);
    expect(rows.map((row) => row.slice(-9))).toEqual([
      ['shipped', SHIP_BY, '2025-03-04T15:00:00.000Z', '', 'yes', '0.8', '100.00', '0.00', 'requested'],
      ['shipped', SHIP_BY, '2025-03-04T15:00:00.000Z', '', 'yes', '0.8', '50.00', '0.00', ''],
      ['shipped', SHIP_BY, '2025-03-06T01:00:00.000Z', '', 'no', '2.2', '80.00', '0.00', 'requested'],
      [
        'delivered',
        SHIP_BY,
        '2025-03-05T23:30:00.000Z',
        '2025-03-07T12:00:00.000Z',
        'yes',
        '2.1',
        '60.00',
        '30.00',
        'refunded',
      ],
      ['processing', SHIP_BY, '', '', '', '', '', '0.00', ''],
      ['processing', SHIP_BY, '', '', '', '', '', '0.00', ''],
      ['', '', '', '', '', '', '', '0.00', ''],
      ['', '', '', '', '', '', '', '0.00', ''],
    ]);
  });

  it('reports nothing shipped for a show whose purchases are not packed yet', async () => {
    const db = t.database.db;
    const show = await db
      .insertInto('shows')
      .values({ title: 'Fresh night', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await get(`/api/shows/${show.id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ShowReport).afterSale).toEqual({
      packages: { total: 0, toPack: 0, shipped: 0, delivered: 0, late: 0 },
      onTime: { shipped: 0, onTime: 0, rate: null },
      daysToShip: { median: null, max: null },
      returns: { requested: 0, approved: 0, declined: 0, received: 0, refunded: 0 },
      refunds: { count: 0, pending: 0, amount: '0.00', shareOfCaptured: null },
      captured: '0.00',
    });
  });
});
