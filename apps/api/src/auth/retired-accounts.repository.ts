import type { User } from '@vault/db';
import type { Db } from '../core/db';

/** True when the account has bought, or is buying, anything: records that must outlive its owner. */
export async function hasSalesRecords(db: Db, userId: string): Promise<boolean> {
  const [purchase, claim] = await Promise.all([
    db.selectFrom('purchases').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('saleClaims').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return purchase !== undefined || claim !== undefined;
}

/**
 * A sign-in-less account that keeps what a discarded holder bought: its orders are real money and
 * real parcels (an admin may capture, void or ship them) but belong to nobody who can sign in. The
 * address is under the reserved .invalid domain (RFC 2606), so no email can ever reach it.
 */
export function insertRetiredAccount(db: Db, from: User, id: string): Promise<User> {
  return db
    .insertInto('users')
    .values({
      id,
      email: `retired-${id}@reclaimed.invalid`,
      emailVerified: false,
      firstName: from.firstName,
      lastName: from.lastName,
      fullName: from.fullName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves every sales record of one account to another, in the caller's transaction: purchases,
 * the items sold to it, claims still in flight (the reconciler settles them for the new holder),
 * per-show purchase counts and the receipts already sent about those purchases.
 */
export async function moveSalesRecords(db: Db, fromId: string, toId: string): Promise<void> {
  await db.updateTable('purchases').set({ userId: toId }).where('userId', '=', fromId).execute();
  await db.updateTable('showItems').set({ soldToUserId: toId }).where('soldToUserId', '=', fromId).execute();
  await db.updateTable('saleClaims').set({ userId: toId }).where('userId', '=', fromId).execute();
  await db.updateTable('showMemberPurchases').set({ userId: toId }).where('userId', '=', fromId).execute();
  // A receipt not yet sent would go to the retired address (the renderer reads the purchase's
  // holder): it is dropped, since nobody can read it there. Sent ones move with their purchase.
  await db
    .deleteFrom('mailOutbox')
    .where('userId', '=', fromId)
    .where('kind', '=', 'receipt')
    .where('status', '!=', 'sent')
    .execute();
  await db
    .updateTable('mailOutbox')
    .set({ userId: toId })
    .where('userId', '=', fromId)
    .where('kind', '=', 'receipt')
    .execute();
}
