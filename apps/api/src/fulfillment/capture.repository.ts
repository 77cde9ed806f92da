import type { Purchase } from '@vault/db';
import type { Db } from '../core/db';
import { withTransaction } from '../core/db';

// A purchase's money at the gateway: authorized → pending (a capture or void in flight) →
// completed (captured, with what and when) or voided. Every step is conditional on the status it
// leaves, so two takers never both act and a late answer never overwrites a newer state.

/**
 * Moves an authorised purchase to pending (a capture or void in flight) with one conditional
 * UPDATE, so two admins (or a double click, or Mark shipped) cannot settle it twice; undefined
 * when it was not authorised (or already taken).
 */
export function takeAuthorized(db: Db, purchaseId: string): Promise<Purchase | undefined> {
  return db
    .updateTable('purchases')
    .set({ status: 'pending', updatedAt: new Date() })
    .where('id', '=', purchaseId)
    .where('status', '=', 'authorized')
    .where('transactionId', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** A pending purchase the gateway captured: completed, with the amount and time that refunds are held to. */
export async function recordCaptured(db: Db, purchaseId: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set((eb) => ({
      status: 'completed',
      capturedAmount: eb.ref('amount'),
      capturedAt: at,
      errorMessage: null,
      updatedAt: at,
    }))
    .where('id', '=', purchaseId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A pending purchase the gateway did not capture: authorised again, with the gateway's reason. */
export async function returnToAuthorized(db: Db, purchaseId: string, reason: string | null): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ status: 'authorized', errorMessage: reason?.slice(0, 500) ?? null, updatedAt: new Date() })
    .where('id', '=', purchaseId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * A pending purchase the gateway voided: voided, and out of its package — which is deleted when
 * that leaves it empty while still being packed (a package of nothing has nothing to ship).
 */
export function recordVoided(db: Db, purchaseId: string): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('purchases')
      .select('shipmentId')
      .where('id', '=', purchaseId)
      .forUpdate()
      .executeTakeFirst();
    const voided = await trx
      .updateTable('purchases')
      .set({ status: 'voided', shipmentId: null, errorMessage: null, updatedAt: new Date() })
      .where('id', '=', purchaseId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!voided) return false;
    if (before?.shipmentId) await deleteIfEmpty(trx, before.shipmentId);
    return true;
  });
}

/** Deletes a package still being packed that holds no purchase any more (its last one voided or split off). */
export async function deleteIfEmpty(trx: Db, shipmentId: string): Promise<void> {
  await trx
    .deleteFrom('shipments')
    .where('id', '=', shipmentId)
    .where('status', '=', 'processing')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('purchases').select('purchases.id').where('purchases.shipmentId', '=', shipmentId))),
    )
    .execute();
}

/** Purchases left pending longer than any live capture could take (a crash, an unanswered call). */
export function stalePendingPurchases(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('purchases')
    .select(['id', 'transactionId'])
    .where('status', '=', 'pending')
    .where('updatedAt', '<', before)
    .orderBy('updatedAt')
    .limit(limit)
    .execute();
}

/** Packages left in `shipping` (Mark shipped crashed mid-way) go back to packing. */
export async function releaseStaleShipping(db: Db, before: Date, reason: string, limit: number): Promise<number> {
  const stale = db
    .selectFrom('shipments')
    .select('id')
    .where('status', '=', 'shipping')
    .where('updatedAt', '<', before)
    .limit(limit);
  const rows = await db
    .updateTable('shipments')
    .set({ status: 'processing', lastError: reason, updatedAt: new Date() })
    .where('id', 'in', stale)
    .where('status', '=', 'shipping')
    .returning('id')
    .execute();
  return rows.length;
}
