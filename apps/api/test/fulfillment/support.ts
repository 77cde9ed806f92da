import { randomBytes } from 'node:crypto';
import { simulatorDb } from '@vault/authnet-simulator';
import type { AdminShipment, LegalClass } from '@vault/contracts';
import { type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import { ORIGIN, type TestApp } from '../test-app';

// Scenes for the fulfillment tests: members with saved cards, shows that ended (or not), and
// purchases authorised for real at the app's payment simulator, written as the Buy writes them.

export interface Scene {
  t: TestApp;
  admin: SeededMember;
}

/**
 * An admin and `count` members with saved cards, each with a live session; `member()` hands out
 * the next member no test has used yet (each test starts from members with nothing bought).
 */
export async function seedPeople(t: TestApp, count: number) {
  const [admin, ...members] = await seedOnboardedMembers(t.database.db, {
    count: count + 1,
    sessionSecret: t.app.config.sessionSecret,
  });
  if (!admin || members.length !== count) throw new Error('setup');
  await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  const member = (): SeededMember => {
    const next = members.shift();
    if (!next) throw new Error('seed more members');
    return next;
  };
  return { admin, member };
}

/** A call as `cookie` (the admin's unless told), from our own origin. */
export function caller(t: TestApp, adminCookie: string) {
  return (method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload'], cookie = adminCookie) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload === undefined ? {} : { payload }) });
}

/**
 * A live show; `endedAt` marks it completed then (its `completed` event), else it has not ended
 * (idle: one show at a time may be live, and the Buy tests own that). Its id.
 */
export async function liveShow(t: TestApp, title: string, endedAt?: Date): Promise<string> {
  const { db } = t.database;
  const show = await db
    .insertInto('shows')
    .values({ title, status: endedAt ? 'completed' : 'idle' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (endedAt) await endShow(t, show.id, endedAt);
  return show.id;
}

/** Ends a show at `at`, as the clock does: status completed and a `completed` event. */
export async function endShow(t: TestApp, showId: string, at: Date): Promise<void> {
  const { db } = t.database;
  await db.updateTable('shows').set({ status: 'completed' }).where('id', '=', showId).execute();
  await db
    .insertInto('showEvents')
    .values({ showId, step: 99, type: 'completed', payload: '{}', occurredAt: at })
    .execute();
}

/** The standing show of $1 test products. */
export async function testProductsShow(t: TestApp): Promise<string> {
  const show = await t.database.db
    .selectFrom('shows')
    .select('id')
    .where('kind', '=', 'test_products')
    .executeTakeFirstOrThrow();
  return show.id;
}

export interface Sold {
  title: string;
  price?: string;
  legalClass?: LegalClass | null;
  /** The address on the purchase (the member's, as the Buy writes it, unless told). */
  shippingAddress?: string;
}

/**
 * `member` bought an item of `showId`: the item sold, its authorisation made at the simulator
 * (the member's saved card), the purchase authorised. The purchase's id and transaction id.
 */
export async function authorizedPurchase(t: TestApp, member: SeededMember, showId: string, sold: Sold) {
  const { db } = t.database;
  const price = sold.price ?? '100.00';
  const user = await db.selectFrom('users').selectAll().where('id', '=', member.userId).executeTakeFirstOrThrow();
  const item = await db
    .insertInto('showItems')
    .values({
      showId,
      title: sold.title,
      price,
      status: 'sold',
      soldToUserId: member.userId,
      soldAt: new Date(),
      legalClass: sold.legalClass === undefined ? 'manual_folder' : sold.legalClass,
      bladeLength: '3.50',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoiceNumber = randomBytes(10).toString('hex');
  const auth = await t.app.payments.client.authorize({
    refId: invoiceNumber,
    amount: price,
    customerProfileId: user.authNetCustomerProfileId ?? '',
    paymentProfileId: user.authNetPaymentProfileId ?? '',
    invoiceNumber,
    description: sold.title,
  });
  const purchase = await db
    .insertInto('purchases')
    .values({
      userId: member.userId,
      showItemId: item.id,
      amount: price,
      status: 'authorized',
      transactionId: auth.transId,
      shippingAddress: sold.shippingAddress ?? `Test Buyer, ${user.address}, Austin, TX 78701, US`,
      updatedAt: new Date(),
    })
    .returning(['id', 'transactionId'])
    .executeTakeFirstOrThrow();
  return { id: purchase.id, transactionId: auth.transId, showItemId: item.id };
}

/** The captures the simulator made of one authorisation. */
export async function capturesAtGateway(t: TestApp, transactionId: string): Promise<number> {
  const rows = await simulatorDb(t.database)
    .selectFrom('authnetSimTransactions')
    .select('id')
    .where('type', '=', 'priorAuthCaptureTransaction')
    .where('refTransId', '=', Number(transactionId))
    .execute();
  return rows.length;
}

/** The package one purchase travels in, as the admin sees it (after a bundler pass). */
export async function packageOf(t: TestApp, adminCookie: string, purchaseId: string): Promise<AdminShipment> {
  await t.app.fulfillment.bundle();
  const row = await t.database.db
    .selectFrom('purchases')
    .select('shipmentId')
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  if (!row.shipmentId) throw new Error(`purchase ${purchaseId} is in no package`);
  const res = await caller(t, adminCookie)('GET', `/api/admin/shipments/${row.shipmentId}`);
  if (res.statusCode !== 200) throw new Error(`GET shipment: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Purchases in each package of a member, by package id. */
export async function packagesOfMember(t: TestApp, userId: string) {
  return t.database.db
    .selectFrom('shipments')
    .leftJoin('purchases', 'purchases.shipmentId', 'shipments.id')
    .select(['shipments.id', 'shipments.showId', 'shipments.status', 'purchases.id as purchaseId'])
    .where('shipments.userId', '=', userId)
    .execute();
}

/** A valid UPS tracking number (its check digit holds). */
export const UPS_TRACKING = '1Z999AA10123456784';
