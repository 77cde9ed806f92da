import type { ShipmentStatus } from '@vault/contracts';
import type { Database, MailKind } from '@vault/db';
import { DEFAULT_KNIFE_FACTS } from '@vault/testing';
import type { InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { ORIGIN, type TestApp } from '../test-app';

// Shared by the returns, refunds and orders tests: calls as a member or an admin, orders whose
// package is wherever a test needs it, and the emails queued for them.

const DAY_MS = 24 * 3600 * 1000;

export function calls(t: () => TestApp) {
  return (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

export interface PackageState {
  status: ShipmentStatus;
  /** Days ago it was delivered (status delivered). */
  deliveredDaysAgo?: number;
}

/**
 * A captured purchase of `userId` in a package in `state` (none: not bundled yet), written as the
 * sale and the Fulfillment area leave them. Returns the purchase and shipment ids.
 */
export async function insertOrder(
  db: Kysely<Database>,
  userId: string,
  options: { title?: string; price?: string; state?: PackageState } = {},
): Promise<{ purchaseId: string; shipmentId: string | null }> {
  const price = options.price ?? '80.00';
  const show = await db.insertInto('shows').values({ title: 'Returns show' }).returning('id').executeTakeFirstOrThrow();
  const item = await db
    .insertInto('showItems')
    .values({
      showId: show.id,
      title: options.title ?? 'Returned Knife',
      price,
      status: 'sold',
      soldToUserId: userId,
      soldAt: new Date(),
      ...DEFAULT_KNIFE_FACTS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  let shipmentId: string | null = null;
  const state = options.state;
  if (state) {
    const shipped = state.status === 'shipped' || state.status === 'delivered';
    const deliveredAt = state.status === 'delivered' ? new Date(now - (state.deliveredDaysAgo ?? 1) * DAY_MS) : null;
    const shipment = await db
      .insertInto('shipments')
      .values({
        userId,
        showId: show.id,
        shipTo: 'Test Buyer, 1 Forge Street, Austin, TX 78701, US',
        status: state.status,
        shipBy: new Date(now).toISOString().slice(0, 10),
        carrier: shipped ? 'ups' : null,
        trackingNumber: shipped ? '1Z999AA10123456784' : null,
        shippedAt: shipped ? new Date((deliveredAt?.getTime() ?? now) - 2 * DAY_MS) : null,
        deliveredAt,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    shipmentId = shipment.id;
  }
  const captured = state && state.status !== 'processing';
  const purchase = await db
    .insertInto('purchases')
    .values({
      userId,
      showItemId: item.id,
      amount: price,
      status: captured ? 'completed' : 'authorized',
      transactionId: '0',
      shippingAddress: 'Test Buyer, 1 Forge Street, Austin, TX 78701, US',
      shipmentId,
      capturedAmount: captured ? price : null,
      capturedAt: captured ? new Date(now - 3 * DAY_MS) : null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { purchaseId: purchase.id, shipmentId };
}

/** Ages a package's delivery to `days` ago (the return window is counted from it). */
export async function deliveredDaysAgo(db: Kysely<Database>, shipmentId: string, days: number): Promise<void> {
  const deliveredAt = new Date(Date.now() - days * DAY_MS);
  await db
    .updateTable('shipments')
    .set({ deliveredAt, shippedAt: new Date(deliveredAt.getTime() - DAY_MS) })
    .where('id', '=', shipmentId)
    .execute();
}

/** The emails queued with this dedupe key (one per event: at most one row). */
export function mailsKeyed(db: Kysely<Database>, dedupeKey: string) {
  return db
    .selectFrom('mailOutbox')
    .select(['kind', 'userId', 'payload', 'dedupeKey'])
    .where('dedupeKey', '=', dedupeKey)
    .execute();
}

/** How many emails of a kind are queued for a member. */
export async function mailCount(db: Kysely<Database>, userId: string, kind: MailKind): Promise<number> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .execute();
  return rows.length;
}
