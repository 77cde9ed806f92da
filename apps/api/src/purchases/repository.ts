import type { Db } from '../core/db';

/** A member's purchases with their item titles, newest first: the rows behind /api/orders and /api/purchases. */
export function listMemberPurchases(db: Db, userId: string) {
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

/** Purchases with their item, buyer, and the item relisted from theirs (at most one: a unique index). */
function purchasesWithBuyers(db: Db) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .innerJoin('users', 'users.id', 'purchases.userId')
    .leftJoin('showItems as relisted', 'relisted.relistedFromItemId', 'purchases.showItemId')
    .selectAll('purchases')
    .select([
      'showItems.title as itemTitle',
      'showItems.showId',
      'users.email',
      'users.fullName',
      'relisted.id as relistedItemId',
    ]);
}

export type PurchaseWithBuyer = Awaited<ReturnType<typeof findPurchaseWithBuyer>>;

/** Who bought what in one show, newest first. */
export function listShowPurchases(db: Db, showId: string): Promise<PurchaseWithBuyer[]> {
  return purchasesWithBuyers(db)
    .where('showItems.showId', '=', showId)
    .orderBy('purchases.createdAt', 'desc')
    .execute();
}

export function findPurchaseWithBuyer(db: Db, purchaseId: string) {
  return purchasesWithBuyers(db).where('purchases.id', '=', purchaseId).executeTakeFirstOrThrow();
}

/** A recorded purchase with its item, found by its id or by the claim that made it. */
export function findPurchaseWithItem(db: Db, by: { id: string } | { claimId: string }) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .selectAll('purchases')
    .select(['showItems.title', 'showItems.price'])
    .where((eb) => ('id' in by ? eb('purchases.id', '=', by.id) : eb('purchases.claimId', '=', by.claimId)))
    .executeTakeFirstOrThrow();
}

export async function purchaseExists(db: Db, purchaseId: string): Promise<boolean> {
  const row = await db.selectFrom('purchases').select('id').where('id', '=', purchaseId).executeTakeFirst();
  return row !== undefined;
}
