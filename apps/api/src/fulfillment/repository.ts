import type { Carrier, MemberShipmentStatus } from '@vault/contracts';
import type { Shipment } from '@vault/db';
import { idsOf, insertPushes, pushPayload } from '@vault/notify';
import { sql } from 'kysely';
import type { Db } from '../core/db';
import type { ClassShipping } from './package-rules';

// Packages as the admin sees them (with member, show and items) and the steps of their life:
// processing → shipping (the lock of Mark shipped) → shipped → delivered, split and merge.

/** Packages with their member and show. */
function shipmentsWithMember(db: Db) {
  return db
    .selectFrom('shipments')
    .innerJoin('users', 'users.id', 'shipments.userId')
    .leftJoin('shows', 'shows.id', 'shipments.showId')
    .selectAll('shipments')
    .select(['users.email', 'users.fullName', 'shows.title as showTitle']);
}

export type ShipmentRow = Awaited<ReturnType<typeof findShipmentRow>> & {};

export function findShipmentRow(db: Db, shipmentId: string) {
  return shipmentsWithMember(db).where('shipments.id', '=', shipmentId).executeTakeFirst();
}

/**
 * The packages of one tab: those to pack (`shipping` ones too) oldest ship-by first; shipped or
 * delivered ones newest first, the latest `limit` of them.
 */
export function listShipmentRows(db: Db, status: MemberShipmentStatus, limit: number) {
  const query = shipmentsWithMember(db);
  if (status === 'processing')
    return query
      .where('shipments.status', 'in', ['processing', 'shipping'])
      .orderBy('shipments.shipBy')
      .orderBy('shipments.createdAt')
      .execute();
  const at = status === 'shipped' ? 'shipments.shippedAt' : 'shipments.deliveredAt';
  return query.where('shipments.status', '=', status).orderBy(at, 'desc').limit(limit).execute();
}

/** The purchases in these packages, oldest first, with their items. */
export function listShipmentItems(db: Db, shipmentIds: readonly string[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .select([
      'purchases.id',
      'purchases.shipmentId',
      'purchases.showItemId',
      'purchases.amount',
      'purchases.status',
      'purchases.capturedAmount',
      'purchases.transactionId',
      'purchases.createdAt',
      'showItems.title',
      'showItems.legalClass',
      'showItems.bladeLength',
    ])
    .where('purchases.shipmentId', 'in', shipmentIds)
    .orderBy('purchases.createdAt')
    .orderBy('purchases.id')
    .execute();
}

export type ShipmentItemRow = Awaited<ReturnType<typeof listShipmentItems>>[number];

/** Every legal class's carriers and signature threshold (the operator's legal_class_shipping). */
export function listClassShipping(db: Db): Promise<ClassShipping[]> {
  return db.selectFrom('legalClassShipping').select(['legalClass', 'carriers', 'adultSignatureOver']).execute();
}

/**
 * Takes a package for Mark shipped with one conditional UPDATE (processing → shipping): a second
 * admin, a double click or a split in flight finds it taken. Undefined when it was not processing.
 */
export function takeShipment(db: Db, shipmentId: string): Promise<Shipment | undefined> {
  return db
    .updateTable('shipments')
    .set({ status: 'shipping', updatedAt: new Date() })
    .where('id', '=', shipmentId)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** Hands a taken package back to packing, saying why it did not ship. */
export async function releaseShipment(db: Db, shipmentId: string, lastError: string): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ status: 'processing', lastError: lastError.slice(0, 500), updatedAt: new Date() })
    .where('id', '=', shipmentId)
    .where('status', '=', 'shipping')
    .execute();
}

export async function markShipped(
  trx: Db,
  shipmentId: string,
  values: {
    carrier: Carrier;
    service: string | null;
    trackingNumber: string;
    adultSignature: boolean;
    shippedBy: string;
    at: Date;
  },
): Promise<Shipment | undefined> {
  const { at, ...rest } = values;
  return trx
    .updateTable('shipments')
    .set({ ...rest, status: 'shipped', shippedAt: at, lastError: null, updatedAt: at })
    .where('id', '=', shipmentId)
    .where('status', '=', 'shipping')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The package's "shipped" notices, once per package (their dedupe keys): the email, and a push to
 * each browser of the member if they want shipped pushes (its first item's title, oldest purchase
 * first as the package lists them, and how many items), in one statement of the ship transaction.
 * The email's row id (undefined if it was queued before) and the pushes' ids, to deliver.
 */
export async function queueShippedNotices(
  trx: Db,
  notice: { shipmentId: string; userId: string; dedupeKey: string; at: Date },
): Promise<{ mailId: string | undefined; pushIds: string[] }> {
  const { shipmentId, userId } = notice;
  const result = await sql<{ mailId: string | null; pushIds: string[] }>`
    with mail as (
      insert into mail_outbox (kind, dedupe_key, user_id, payload)
      values ('shipment_shipped', ${notice.dedupeKey}, ${userId}, ${JSON.stringify({ shipmentId })}::jsonb)
      on conflict (dedupe_key) do nothing
      returning id
    ), contents as (
      select (array_agg(i.title order by p.created_at, p.id))[1] as first_title, count(*)::int as items
      from purchases p join show_items i on i.id = p.show_item_id
      where p.shipment_id = ${shipmentId}
    ), pushes as (${insertPushes(
      'shipped',
      sql`select ${userId}::uuid as user_id, ${shipmentId}::text as subject,
        ${pushPayload('shipped', {
          shipmentId: sql`${shipmentId}::text`,
          itemTitle: sql`c.first_title`,
          items: sql`c.items`,
        })} as payload
      from contents c where c.items > 0`,
      notice.at,
    )})
    select (select id from mail) as mail_id, ${idsOf('pushes')} as push_ids`.execute(trx);
  const row = result.rows[0];
  return { mailId: row?.mailId ?? undefined, pushIds: row?.pushIds ?? [] };
}

export async function markDelivered(db: Db, shipmentId: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('shipments')
    .set({ status: 'delivered', deliveredAt: at, updatedAt: at })
    .where('id', '=', shipmentId)
    .where('status', '=', 'shipped')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Holds a package being packed for the rest of the transaction (a split or merge), by touching it
 * with a conditional UPDATE: Mark shipped's own take waits for it and then sees the new contents.
 */
export function holdPackable(trx: Db, shipmentId: string): Promise<Shipment | undefined> {
  return trx
    .updateTable('shipments')
    .set({ updatedAt: new Date() })
    .where('id', '=', shipmentId)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

export async function purchaseIdsIn(trx: Db, shipmentId: string): Promise<string[]> {
  const rows = await trx.selectFrom('purchases').select('id').where('shipmentId', '=', shipmentId).execute();
  return rows.map((row) => row.id);
}

/** A new package like `from` (member, show, address, ship-by), for a split. */
export async function insertShipmentLike(trx: Db, from: Shipment): Promise<string> {
  const row = await trx
    .insertInto('shipments')
    .values({
      userId: from.userId,
      showId: from.showId,
      shipTo: from.shipTo,
      shipBy: from.shipBy,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves purchases from one package to another (only those still in `from`). */
export async function movePurchases(
  trx: Db,
  move: { from: string; to: string; purchaseIds?: readonly string[] },
): Promise<void> {
  let query = trx
    .updateTable('purchases')
    .set({ shipmentId: move.to, updatedAt: new Date() })
    .where('shipmentId', '=', move.from);
  if (move.purchaseIds) query = query.where('id', 'in', move.purchaseIds);
  await query.execute();
}

/** A merged package takes the earlier ship-by day and, if it had none, the other's show. */
export async function absorbShipment(trx: Db, into: Shipment, other: Shipment): Promise<void> {
  // YYYY-MM-DD sorts as text.
  const [earlier = into.shipBy] = [into.shipBy, other.shipBy].sort();
  await trx
    .updateTable('shipments')
    .set({
      shipBy: earlier,
      showId: into.showId ?? other.showId,
      updatedAt: new Date(),
    })
    .where('id', '=', into.id)
    .execute();
  await trx.deleteFrom('shipments').where('id', '=', other.id).where('status', '=', 'processing').execute();
}
