import { type AdminShipment, DEFAULT_FULFILLMENT, fulfillmentMessages } from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, type SeededMember } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysAfter, utcDay } from '../../src/fulfillment/ship-by';
import { advanceShowTo, buildTestApp, buyAs, startLiveShow, type TestApp } from '../test-app';
import {
  authorizedPurchase,
  caller,
  endShow,
  liveShow,
  packageOf,
  packagesOfMember,
  seedPeople,
  testProductsShow,
} from './support';

// Packages: one per member per show and address, made by the bundler (idempotent, however many
// run at once), with their ship-by day, carriers, signature and authorisation flags; split,
// merge, a void leaving its package, and who may see them.

const DAY_MS = 24 * 3600 * 1000;

describe.each(backends)('shipments on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let member: () => SeededMember;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin, member } = await seedPeople(t, 16));
    call = caller(t, admin.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (status = 'processing'): Promise<AdminShipment[]> => {
    const res = await call('GET', `/api/admin/shipments?status=${status}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ofMember = (shipments: AdminShipment[], who: SeededMember) =>
    shipments.filter((shipment) => shipment.member.id === who.userId);

  it('makes one package per member of a show (two items, one item), and a test product joins the open one', async () => {
    const [a, b] = [member(), member()];
    const { show, items } = await startLiveShow(t, 3);
    const ids = items.map((item) => item.id);
    expect((await buyAs(t.app, a, ids[0] ?? '')).statusCode).toBe(200);
    await advanceShowTo(t, show.id, 1);
    expect((await buyAs(t.app, a, ids[1] ?? '')).statusCode).toBe(200);
    await advanceShowTo(t, show.id, 2);
    expect((await buyAs(t.app, b, ids[2] ?? '')).statusCode).toBe(200);
    // The admin ends the show: ship-by counts from today.
    await t.app.shows.driver.command(show.id, { type: 'schedule', launchTime: null, status: 'completed' });

    const listed = await list();
    const [ofA, ofB] = [ofMember(listed, a), ofMember(listed, b)];
    expect(ofA).toHaveLength(1);
    expect(ofB).toHaveLength(1);
    expect(ofA[0]?.items.map((item) => item.showItemId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(ofB[0]?.items.map((item) => item.showItemId)).toEqual([ids[2]]);
    expect(ofA[0]).toMatchObject({
      status: 'processing',
      show: { id: show.id, title: show.title },
      shipBy: businessDaysAfter(utcDay(new Date()), DEFAULT_FULFILLMENT.shipByBusinessDays),
      late: false,
      total: '500.00',
      member: { id: a.userId, email: a.email },
      carrier: null,
      trackingUrl: null,
    });
    expect(ofA[0]?.shipTo).toContain('Forge Street');

    // A $1 test product, bought between shows, travels in the package being packed.
    const product = await call('POST', '/api/admin/test-products', {
      title: 'Trainer',
      price: '1.00',
      imageUrls: ['/media/a.jpg'],
      ...DEFAULT_KNIFE_FACTS,
    });
    expect(product.statusCode, product.body).toBe(201);
    expect((await buyAs(t.app, a, product.json().id)).statusCode).toBe(200);
    const again = ofMember(await list(), a);
    expect(again.map((shipment) => shipment.id)).toEqual([ofA[0]?.id]);
    expect(again[0]?.items).toHaveLength(3);
    expect(again[0]?.total).toBe('501.00');

    // A second pass changes nothing.
    const before = await packagesOfMember(t, a.userId);
    await t.app.fulfillment.bundle();
    expect(await packagesOfMember(t, a.userId)).toEqual(before);
  });

  it('never opens two packages for one member and show, however many bundlers run at once', async () => {
    const c = member();
    const showId = await liveShow(t, 'Many bundlers');
    for (const title of ['One', 'Two', 'Three']) await authorizedPurchase(t, c, showId, { title, price: '20.00' });
    // Another address is another package; a test product with no package open to it starts its own.
    const elsewhere = await authorizedPurchase(t, c, showId, {
      title: 'To the office',
      shippingAddress: 'Test Buyer, 9 Office Park, Dallas, TX 75201, US',
    });
    const trainer = await authorizedPurchase(t, c, await testProductsShow(t), {
      title: 'Trainer to the office',
      price: '1.00',
      shippingAddress: 'Test Buyer, 1 Cabin Road, Marfa, TX 79843, US',
    });
    const sibling = await t.sibling();
    await Promise.all([t.app.fulfillment.bundle(), sibling.fulfillment.bundle(), t.app.fulfillment.bundle()]);
    await Promise.all([t.app.fulfillment.bundle(), sibling.fulfillment.bundle()]);

    const rows = await packagesOfMember(t, c.userId);
    const packages = new Map<string, string[]>();
    for (const row of rows) packages.set(row.id, [...(packages.get(row.id) ?? []), row.purchaseId ?? '']);
    expect([...packages.values()].map((ids) => ids.length).sort()).toEqual([1, 1, 3]);
    const home = rows.find((row) => ![elsewhere.id, trainer.id].includes(row.purchaseId ?? ''));
    expect(rows.filter((row) => row.id === home?.id).every((row) => row.showId === showId)).toBe(true);
    expect(rows.find((row) => row.purchaseId === trainer.id)?.showId).toBeNull();
  });

  it('dates ship-by from the purchase while the show runs, then from the show’s end in business days', async () => {
    const d = member();
    const showId = await liveShow(t, 'Not ended yet');
    const bought = await authorizedPurchase(t, d, showId, { title: 'Early' });
    const provisional = await packageOf(t, admin.cookie, bought.id);
    expect(provisional.shipBy).toBe(businessDaysAfter(utcDay(new Date()), 2));

    // Ended on a Friday evening (UTC): two business days later is the Tuesday, long past now.
    await endShow(t, showId, new Date('2026-11-06T22:00:00Z'));
    const ended = await packageOf(t, admin.cookie, bought.id);
    expect(ended.shipBy).toBe('2026-11-10');
    expect(ended.late).toBe(true);
    // Oldest ship-by first: the late one leads the list.
    const listed = await list();
    const order = listed.map((shipment) => shipment.shipBy);
    expect(order).toEqual([...order].sort());
    expect(listed.findIndex((s) => s.id === ended.id)).toBeLessThan(listed.findIndex((s) => !s.late));
  });

  it('offers only the carriers every item’s class allows, and asks for an adult signature above the threshold', async () => {
    const [e, f] = [member(), member()];
    const showId = await liveShow(t, 'Classes', new Date());
    const folder = await authorizedPurchase(t, e, showId, { title: 'Folder', price: '50.00' });
    expect(await packageOf(t, admin.cookie, folder.id)).toMatchObject({
      carriers: ['usps', 'ups', 'fedex'],
      adultSignature: false,
    });
    await authorizedPurchase(t, e, showId, { title: 'Auto', price: '300.00', legalClass: 'automatic' });
    // An automatic never goes by USPS, and always needs a signature (threshold $0.00).
    expect(await packageOf(t, admin.cookie, folder.id)).toMatchObject({
      carriers: ['ups', 'fedex'],
      adultSignature: true,
      total: '350.00',
    });

    const fixed = await authorizedPurchase(t, f, showId, {
      title: 'Fixed',
      price: '400.00',
      legalClass: 'fixed_blade',
    });
    expect((await packageOf(t, admin.cookie, fixed.id)).adultSignature).toBe(false);
    await authorizedPurchase(t, f, showId, { title: 'Fixed two', price: '100.01', legalClass: 'fixed_blade' });
    expect((await packageOf(t, admin.cookie, fixed.id)).adultSignature).toBe(true);
    // An item nobody classified travels as the most restricted do: no USPS.
    await authorizedPurchase(t, f, showId, { title: 'Unknown', price: '1.00', legalClass: null });
    expect((await packageOf(t, admin.cookie, fixed.id)).carriers).toEqual(['ups', 'fedex']);
  });

  it('flags a package whose oldest authorisation lapses within the warning days', async () => {
    const g = member();
    const showId = await liveShow(t, 'Old authorisations', new Date());
    const fresh = await authorizedPurchase(t, g, showId, { title: 'Fresh' });
    const shipment = await packageOf(t, admin.cookie, fresh.id);
    expect(shipment.authorizationExpiring).toBe(false);
    expect(Date.parse(shipment.authorizationExpiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    const old = await authorizedPurchase(t, g, showId, { title: 'Old' });
    const createdAt = new Date(Date.now() - 26 * DAY_MS);
    // created_at is written once by the database; a test ages it by hand.
    await sql`update purchases set created_at = ${createdAt} where id = ${old.id}`.execute(t.database.db);
    const flagged = await packageOf(t, admin.cookie, fresh.id);
    expect(flagged.authorizationExpiring).toBe(true);
    expect(flagged.authorizationExpiresAt).toBe(new Date(createdAt.getTime() + 30 * DAY_MS).toISOString());
  });

  it('splits items off into a new package and merges them back, audited; refuses what cannot be', async () => {
    const [h, other] = [member(), member()];
    const showId = await liveShow(t, 'Split and merge', new Date());
    const bought = [];
    for (const title of ['A', 'B', 'C']) bought.push(await authorizedPurchase(t, h, showId, { title }));
    const [p1, p2, p3] = bought.map((p) => p.id) as [string, string, string];
    const original = await packageOf(t, admin.cookie, p1);

    const split = await call('POST', `/api/admin/shipments/${original.id}/split`, { purchaseIds: [p2, p3] });
    expect(split.statusCode, split.body).toBe(201);
    const created = split.json() as AdminShipment;
    expect(created.id).not.toBe(original.id);
    expect(created.items.map((item) => item.purchaseId).sort()).toEqual([p2, p3].sort());
    expect(created).toMatchObject({ shipTo: original.shipTo, shipBy: original.shipBy, show: original.show });
    expect((await packageOf(t, admin.cookie, p1)).items.map((item) => item.purchaseId)).toEqual([p1]);

    const refusals: Array<[string, object, number, string]> = [
      [`${original.id}/split`, { purchaseIds: [p1] }, 400, fulfillmentMessages.splitNeedsItems],
      [`${original.id}/split`, { purchaseIds: [p2] }, 400, fulfillmentMessages.splitForeignItem],
      [`${original.id}/split`, { purchaseIds: [] }, 400, fulfillmentMessages.splitNeedsItems],
      [`${original.id}/merge`, { shipmentId: original.id }, 400, fulfillmentMessages.mergeSelf],
    ];
    const stranger = await authorizedPurchase(t, other, showId, { title: 'Not theirs' });
    const strangers = await packageOf(t, admin.cookie, stranger.id);
    refusals.push([`${original.id}/merge`, { shipmentId: strangers.id }, 400, fulfillmentMessages.mergeMismatch]);
    for (const [path, body, status, message] of refusals) {
      const res = await call('POST', `/api/admin/shipments/${path}`, body);
      expect(res.statusCode, path).toBe(status);
      expect(res.json().message).toBe(message);
    }

    const merged = await call('POST', `/api/admin/shipments/${original.id}/merge`, { shipmentId: created.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((merged.json() as AdminShipment).items.map((item) => item.purchaseId).sort()).toEqual([p1, p2, p3].sort());
    expect((await call('GET', `/api/admin/shipments/${created.id}`)).statusCode).toBe(404);

    const audit = await t.database.db
      .selectFrom('adminAudit')
      .select(['action', 'targetId'])
      .where('action', 'in', ['shipment.split', 'shipment.merge'])
      .where('targetId', '=', original.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(expect.arrayContaining(['shipment.merge', 'shipment.split']));
  });

  it('takes a voided purchase out of its package, and deletes a package left empty', async () => {
    const k = member();
    const showId = await liveShow(t, 'Voids', new Date());
    const keep = await authorizedPurchase(t, k, showId, { title: 'Keep' });
    const drop = await authorizedPurchase(t, k, showId, { title: 'Drop' });
    const shipment = await packageOf(t, admin.cookie, keep.id);
    expect(shipment.items).toHaveLength(2);

    expect((await call('POST', `/api/purchases/${drop.id}/void`, {})).json().status).toBe('voided');
    expect((await packageOf(t, admin.cookie, keep.id)).items.map((item) => item.purchaseId)).toEqual([keep.id]);
    expect((await call('POST', `/api/purchases/${keep.id}/void`, {})).json().status).toBe('voided');
    expect((await call('GET', `/api/admin/shipments/${shipment.id}`)).statusCode).toBe(404);
    // Voided purchases wait for no package.
    await t.app.fulfillment.bundle();
    expect(await packagesOfMember(t, k.userId)).toEqual([]);
  });

  it('is the admin’s alone; the settings are any signed-in member’s', async () => {
    const m = member();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/admin/shipments'],
      ['GET', `/api/admin/shipments/${unknown}`],
      ['POST', `/api/admin/shipments/${unknown}/ship`],
      ['POST', `/api/admin/shipments/${unknown}/deliver`],
    ] as const) {
      const asMember = await call(method, url, method === 'POST' ? {} : undefined, m.cookie);
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json().code).toBe('admin_only');
    }
    expect((await call('GET', `/api/admin/shipments/${unknown}`)).json()).toEqual({
      message: fulfillmentMessages.shipmentNotFound,
      code: 'not_found',
    });
    const settings = await call('GET', '/api/fulfillment/settings', undefined, m.cookie);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual(DEFAULT_FULFILLMENT);
    expect((await call('GET', '/api/fulfillment/settings', undefined, '')).statusCode).toBe(401);
  });
});
