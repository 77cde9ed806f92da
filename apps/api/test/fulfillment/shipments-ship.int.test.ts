import { simulatorDb } from '@vault/authnet-simulator';
import { type AdminShipment, fulfillmentMessages, shipmentShippedDedupeKey } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';
import {
  authorizedPurchase,
  caller,
  capturesAtGateway,
  liveShow,
  packageOf,
  seedPeople,
  UPS_TRACKING,
} from './support';

// Mark shipped: the money follows the parcel, exactly once. Each authorised purchase is captured
// when its package ships, never twice, whatever the gateway does to the answers; a package with
// money unsettled does not ship; delivered comes after shipped.

describe.each(backends)('Mark shipped on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let member: () => SeededMember;
  let call: ReturnType<typeof caller>;
  let showId: string;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin, member } = await seedPeople(t, 15));
    call = caller(t, admin.cookie);
    showId = await liveShow(t, 'Ships today', new Date());
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member's package of these items (authorised at the simulator), as the admin sees it. */
  async function packageWith(items: Array<{ title: string; price?: string; legalClass?: 'automatic' }>) {
    const who = member();
    const bought = [];
    for (const item of items) bought.push(await authorizedPurchase(t, who, showId, item));
    const first = bought[0];
    if (!first) throw new Error('no items');
    return { who, bought, shipment: await packageOf(t, admin.cookie, first.id) };
  }
  const ship = (id: string, body: object = { carrier: 'ups', service: 'UPS Ground', trackingNumber: UPS_TRACKING }) =>
    call('POST', `/api/admin/shipments/${id}/ship`, body);
  const purchaseRow = (id: string) =>
    t.database.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const shipmentRow = (id: string) =>
    t.database.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const injectCaptureFault = (kind: 'error' | 'timeout' | 'lost-answer' | 'dropped-answer') =>
    t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind });

  it('refuses a carrier the items may not travel by, an unknown service and a malformed tracking number', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Auto', legalClass: 'automatic' }]);
    const cases: Array<[object, string]> = [
      [{ carrier: 'usps', trackingNumber: '9400111899223197428490' }, fulfillmentMessages.carrierNotAllowed('usps')],
      [
        { carrier: 'ups', service: 'Priority Mail', trackingNumber: UPS_TRACKING },
        fulfillmentMessages.serviceUnknown('ups'),
      ],
      [{ carrier: 'ups', trackingNumber: '1Z999AA10123456785' }, fulfillmentMessages.trackingInvalid('ups')],
      [{ carrier: 'fedex', trackingNumber: '12345' }, fulfillmentMessages.trackingInvalid('fedex')],
      [{ carrier: 'ups', trackingNumber: '  ' }, fulfillmentMessages.trackingRequired],
    ];
    for (const [body, message] of cases) {
      const res = await ship(shipment.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_request' });
    }
    expect((await shipmentRow(shipment.id)).status).toBe('processing');
    expect(await capturesAtGateway(t, bought[0]?.transactionId ?? '')).toBe(0);
  });

  it('captures each authorised purchase exactly once, skips one captured by hand, and queues one email', async () => {
    const { shipment, bought } = await packageWith([
      { title: 'One' },
      { title: 'Two', price: '45.50' },
      { title: 'Three' },
    ]);
    const [one, two, three] = bought as [(typeof bought)[0], (typeof bought)[0], (typeof bought)[0]];
    // An admin captured one by hand before packing.
    expect((await call('POST', `/api/purchases/${three.id}/capture`, {})).json().status).toBe('completed');

    // A tracking number as people type it: stored as the carrier prints it.
    const shipped = await ship(shipment.id, {
      carrier: 'ups',
      service: 'UPS Ground',
      trackingNumber: ' 1z999aa1-01234 56784 ',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const body = shipped.json() as AdminShipment;
    expect(body).toMatchObject({
      status: 'shipped',
      carrier: 'ups',
      service: 'UPS Ground',
      trackingNumber: UPS_TRACKING,
      trackingUrl: `https://www.ups.com/track?tracknum=${UPS_TRACKING}`,
      lastError: null,
      late: false,
      authorizationExpiresAt: null,
      authorizationExpiring: false,
    });
    expect(body.shippedAt).not.toBeNull();
    expect(body.items.map((item) => [item.status, item.capturedAmount])).toEqual([
      ['completed', '100.00'],
      ['completed', '45.50'],
      ['completed', '100.00'],
    ]);
    for (const purchase of [one, two, three]) {
      expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
      expect((await purchaseRow(purchase.id)).capturedAt).not.toBeNull();
    }
    expect((await shipmentRow(shipment.id)).shippedBy).toBe(admin.userId);

    const mail = await t.database.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('kind', '=', 'shipment_shipped')
      .execute();
    expect(mail.filter((row) => row.dedupeKey === shipmentShippedDedupeKey(shipment.id))).toHaveLength(1);

    // The shipment's record, and one capture record per purchase it captured (not the hand-captured one).
    const audit = await t.database.db
      .selectFrom('adminAudit as a')
      .leftJoin('adminAuditOutcomes as o', 'o.auditId', 'a.id')
      .select(['a.action', 'a.targetId', 'o.status'])
      .where('a.targetId', 'in', [shipment.id, one.id, two.id, three.id])
      .execute();
    expect(audit.filter((row) => row.action === 'shipment.ship')).toEqual([
      { action: 'shipment.ship', targetId: shipment.id, status: 200 },
    ]);
    expect(
      audit
        .filter((row) => row.action === 'purchase.capture')
        .map((row) => [row.targetId, row.status])
        .sort(),
    ).toEqual(
      [
        [one.id, 200],
        [three.id, 200],
        [two.id, 200],
      ].sort(),
    );

    // Shipped is shipped: a second Mark shipped is refused and captures nothing.
    const again = await ship(shipment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: fulfillmentMessages.notPackable, code: 'conflict' });
    expect(await capturesAtGateway(t, one.transactionId)).toBe(1);
  });

  it('lets one of two simultaneous Mark shipped through, capturing once', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Race' }]);
    const answers = await Promise.all([ship(shipment.id), ship(shipment.id), ship(shipment.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await capturesAtGateway(t, bought[0]?.transactionId ?? '')).toBe(1);
  });

  it('does not ship when the gateway refuses a capture, and ships on the next try', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Refused' }]);
    const purchase = bought[0];
    if (!purchase) throw new Error('setup');
    await injectCaptureFault('error');
    const refused = await ship(shipment.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: fulfillmentMessages.paymentUnsettled(1), code: 'payment_unsettled' });
    expect((await purchaseRow(purchase.id)).status).toBe('authorized');
    expect(await capturesAtGateway(t, purchase.transactionId)).toBe(0);
    const after = await packageOf(t, admin.cookie, purchase.id);
    expect(after.status).toBe('processing');
    expect(after.lastError).toContain(fulfillmentMessages.paymentUnsettled(1));

    expect((await ship(shipment.id)).statusCode).toBe(200);
    expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
  });

  it('refuses to capture a lapsed authorisation; voided by the admin, it leaves the package, which ships the rest', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Lapsed' }, { title: 'Fresh' }]);
    const [old, fresh] = bought;
    if (!old || !fresh) throw new Error('setup');
    // The gateway holds an authorisation 30 days: this one is 31 days old at the simulator.
    await simulatorDb(t.database)
      .updateTable('authnetSimTransactions')
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', Number(old.transactionId))
      .execute();
    expect((await ship(shipment.id)).statusCode).toBe(409);
    expect((await purchaseRow(old.id)).status).toBe('authorized');
    expect(await capturesAtGateway(t, old.transactionId)).toBe(0);

    const voided = await call('POST', `/api/purchases/${old.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'voided' });
    expect((await purchaseRow(old.id)).shipmentId).toBeNull();
    const shipped = await ship(shipment.id);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().items.map((item: { purchaseId: string }) => item.purchaseId)).toEqual([fresh.id]);
  });

  it.each(['lost-answer', 'dropped-answer'] as const)(
    'asks the gateway when a capture met %s: the money moved, so the package ships',
    async (kind) => {
      const { shipment, bought } = await packageWith([{ title: kind }]);
      const purchase = bought[0];
      if (!purchase) throw new Error('setup');
      await injectCaptureFault(kind);
      const shipped = await ship(shipment.id);
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json().items[0]).toMatchObject({ status: 'completed', capturedAmount: '100.00' });
      expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
    },
  );

  it('puts a capture the gateway never made (a timeout) back, and captures it once on the next try', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Timed out' }]);
    const purchase = bought[0];
    if (!purchase) throw new Error('setup');
    await injectCaptureFault('timeout');
    expect((await ship(shipment.id)).json().code).toBe('payment_unsettled');
    expect((await purchaseRow(purchase.id)).status).toBe('authorized');
    expect(await capturesAtGateway(t, purchase.transactionId)).toBe(0);
    expect((await ship(shipment.id)).statusCode).toBe(200);
    expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
  });

  it('leaves a capture nobody can confirm pending for the reconciler, which settles it; then the package ships', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Unknown' }, { title: 'Known' }]);
    const [unknown, known] = bought as [(typeof bought)[0], (typeof bought)[0]];
    // The first capture happens but its answer is lost, and the gateway cannot be asked either.
    await injectCaptureFault('lost-answer');
    await t.app.payments.simulator?.injectFaults({ requestType: 'getTransactionDetailsRequest', kind: 'error' });
    const unsettled = await ship(shipment.id);
    expect(unsettled.statusCode).toBe(409);
    expect(unsettled.json().code).toBe('payment_unsettled');
    expect((await purchaseRow(unknown.id)).status).toBe('pending');
    expect((await purchaseRow(known.id)).status).toBe('completed');
    expect((await shipmentRow(shipment.id)).status).toBe('processing');

    // Fresh pending purchases are left alone (a capture may be in flight); stale ones are settled.
    expect((await t.app.fulfillment.reconcile()).captured).toBe(0);
    expect((await t.app.fulfillment.reconcile({ pendingAfterMs: 0 })).captured).toBe(1);
    expect((await purchaseRow(unknown.id)).status).toBe('completed');

    expect((await ship(shipment.id)).statusCode).toBe(200);
    for (const purchase of [unknown, known]) expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
  });

  it('puts an authorisation the reconciler finds uncaptured back, and a package stuck shipping back to packing', async () => {
    const { shipment, bought } = await packageWith([{ title: 'Crashed' }]);
    const purchase = bought[0];
    if (!purchase) throw new Error('setup');
    // What a crash between the take and the capture leaves behind.
    const old = new Date(Date.now() - 10 * 60_000);
    await t.database.db
      .updateTable('purchases')
      .set({ status: 'pending', updatedAt: old })
      .where('id', '=', purchase.id)
      .execute();
    await t.database.db
      .updateTable('shipments')
      .set({ status: 'shipping', updatedAt: old })
      .where('id', '=', shipment.id)
      .execute();
    expect((await ship(shipment.id)).statusCode).toBe(409);

    const report = await t.app.fulfillment.reconcile();
    expect(report).toMatchObject({ authorized: 1, released: 1 });
    expect((await purchaseRow(purchase.id)).status).toBe('authorized');
    const released = await packageOf(t, admin.cookie, purchase.id);
    expect(released.status).toBe('processing');
    expect(released.lastError).not.toBeNull();
    expect((await ship(shipment.id)).statusCode).toBe(200);
    expect(await capturesAtGateway(t, purchase.transactionId)).toBe(1);
  });

  it('marks a shipped package delivered, once, and lists each tab', async () => {
    const { shipment } = await packageWith([{ title: 'Delivered' }]);
    const early = await call('POST', `/api/admin/shipments/${shipment.id}/deliver`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: fulfillmentMessages.notShipped, code: 'conflict' });
    const split = await call('POST', `/api/admin/shipments/${shipment.id}/split`, {
      purchaseIds: [shipment.items[0]?.purchaseId],
    });
    expect(split.statusCode).toBe(400);

    expect((await ship(shipment.id)).statusCode).toBe(200);
    const shippedTab = (await call('GET', '/api/admin/shipments?status=shipped')).json() as AdminShipment[];
    expect(shippedTab[0]?.id).toBe(shipment.id);
    // Shipped packages can no longer be split or merged.
    const merge = await call('POST', `/api/admin/shipments/${shipment.id}/merge`, {
      shipmentId: shippedTab[1]?.id ?? shipment.id,
    });
    expect(merge.statusCode).toBe(shippedTab[1] ? 409 : 400);

    const delivered = await call('POST', `/api/admin/shipments/${shipment.id}/deliver`, {});
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().status).toBe('delivered');
    expect(delivered.json().deliveredAt).not.toBeNull();
    expect((await call('POST', `/api/admin/shipments/${shipment.id}/deliver`, {})).statusCode).toBe(409);
    const deliveredTab = (await call('GET', '/api/admin/shipments?status=delivered')).json() as AdminShipment[];
    expect(deliveredTab.map((s) => s.id)).toContain(shipment.id);
    const packing = (await call('GET', '/api/admin/shipments')).json() as AdminShipment[];
    expect(packing.map((s) => s.id)).not.toContain(shipment.id);
  });
});
