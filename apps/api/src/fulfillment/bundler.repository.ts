import { sql } from 'kysely';
import type { Db } from '../core/db';

// The bundler's queries: purchases waiting for a package, the member lock that keeps two bundlers
// from opening two packages for one member, and the shows' end days behind ship-by.

/**
 * A purchase waits for a package while it has none and still travels: authorised, or captured by
 * hand before the bundler saw it (captured_at is set only by captures this version made, so
 * purchases captured before packages existed are not swept into new ones).
 */
const waiting = (db: Db) =>
  db
    .selectFrom('purchases')
    .where('purchases.shipmentId', 'is', null)
    .where((eb) =>
      eb.or([
        eb('purchases.status', '=', 'authorized'),
        eb.and([eb('purchases.status', '=', 'completed'), eb('purchases.capturedAt', 'is not', null)]),
      ]),
    );

/** Members with purchases waiting for a package, at most `limit` per pass. */
export async function membersWithUnbundled(db: Db, limit: number): Promise<string[]> {
  const rows = await waiting(db).select('purchases.userId').distinct().limit(limit).execute();
  return rows.map((row) => row.userId);
}

/**
 * Holds the member's row until the transaction ends: every bundler (on any replica) takes it
 * before it looks for the member's open package, so a second one waits and then finds the package
 * the first made. (PGlite runs one transaction at a time anyway.)
 */
export async function lockMember(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** A member's purchases waiting for a package, oldest first, with their show and its kind. */
export function unbundledOf(trx: Db, userId: string) {
  return waiting(trx)
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select(['purchases.id', 'purchases.shippingAddress', 'purchases.createdAt', 'shows.id as showId', 'shows.kind'])
    .where('purchases.userId', '=', userId)
    .orderBy('purchases.createdAt')
    .execute();
}

/** The member's package being packed for this show (null: the newest one, whatever its show) and address. */
export async function openShipment(
  trx: Db,
  by: { userId: string; showId: string | null; shipTo: string },
): Promise<string | undefined> {
  let query = trx
    .selectFrom('shipments')
    .select('id')
    .where('userId', '=', by.userId)
    .where('status', '=', 'processing')
    .where('shipTo', '=', by.shipTo);
  if (by.showId !== null) query = query.where('showId', '=', by.showId);
  const row = await query.orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

export async function insertShipment(
  trx: Db,
  values: { userId: string; showId: string | null; shipTo: string; shipBy: string },
): Promise<string> {
  const row = await trx
    .insertInto('shipments')
    .values({ ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Puts a waiting purchase in a package; false when it no longer waits (voided, bundled meanwhile). */
export async function bundlePurchase(trx: Db, purchaseId: string, shipmentId: string): Promise<boolean> {
  const result = await trx
    .updateTable('purchases')
    .set({ shipmentId, updatedAt: new Date() })
    .where('id', '=', purchaseId)
    .where('shipmentId', 'is', null)
    .where('status', 'in', ['authorized', 'completed'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * When each of these shows ended (its last `completed` event, or its being marked completed);
 * shows still to run or live are absent.
 */
export async function showEnds(db: Db, showIds: readonly string[]): Promise<Map<string, Date>> {
  if (showIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shows')
    .leftJoin('showEvents', (join) =>
      join
        .onRef('showEvents.showId', '=', 'shows.id')
        .on((eb) =>
          eb.or([
            eb('showEvents.type', '=', 'completed'),
            eb.and([
              eb('showEvents.type', '=', 'scheduled'),
              sql<boolean>`show_events.payload->>'status' = 'completed'`,
            ]),
          ]),
        ),
    )
    .select(['shows.id', 'shows.updatedAt', (eb) => eb.fn.max('showEvents.occurredAt').as('endedAt')])
    .where('shows.id', 'in', showIds)
    .where('shows.status', '=', 'completed')
    .groupBy(['shows.id', 'shows.updatedAt'])
    .execute();
  return new Map(rows.map((row) => [row.id, new Date(row.endedAt ?? row.updatedAt)]));
}

/** Unshipped packages of shows that have ended, with their ship-by day: the ones to re-date. */
export function unshippedOfEndedShows(db: Db, limit: number) {
  return db
    .selectFrom('shipments')
    .innerJoin('shows', 'shows.id', 'shipments.showId')
    .select(['shipments.id', 'shipments.showId', 'shipments.shipBy'])
    .where('shipments.status', 'in', ['processing', 'shipping'])
    .where('shows.status', '=', 'completed')
    .orderBy('shipments.shipBy')
    .limit(limit)
    .execute();
}

export async function setShipBy(db: Db, shipmentId: string, shipBy: string): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ shipBy, updatedAt: new Date() })
    .where('id', '=', shipmentId)
    .where('status', 'in', ['processing', 'shipping'])
    .execute();
}
