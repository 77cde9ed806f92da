import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';

/** A member's purchases with their item titles, newest first: the rows behind /api/orders and /api/purchases. */
export function listMemberPurchases(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .select([
      'purchases.id',
      'purchases.showItemId',
      'purchases.status',
      'purchases.createdAt',
      'purchases.amount',
      'purchases.shippingAddress',
      'showItems.title',
    ])
    .where('purchases.userId', '=', userId)
    .orderBy('purchases.createdAt', 'desc')
    .execute();
}
