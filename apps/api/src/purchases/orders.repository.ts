import type { Db } from '../core/db';

/**
 * A member's purchases as the Orders tab shows them, newest first, each with its package and its
 * latest return request, in one query.
 */
export function listMemberOrders(db: Db, userId: string) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .leftJoin('shipments', 'shipments.id', 'purchases.shipmentId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('returns')
          .selectAll('returns')
          .whereRef('returns.purchaseId', '=', 'purchases.id')
          .orderBy('returns.createdAt', 'desc')
          .orderBy('returns.id', 'desc')
          .limit(1)
          .as('latestReturn'),
      (join) => join.onTrue(),
    )
    .select([
      'purchases.id',
      'purchases.status',
      'purchases.createdAt',
      'purchases.amount',
      'purchases.shippingAddress',
      'showItems.title',
      'shipments.id as shipmentId',
      'shipments.status as shipmentStatus',
      'shipments.carrier',
      'shipments.trackingNumber',
      'shipments.shippedAt',
      'shipments.deliveredAt',
      'latestReturn.id as returnId',
      'latestReturn.number as returnNumber',
      'latestReturn.status as returnStatus',
      'latestReturn.reason as returnReason',
      'latestReturn.message as returnMessage',
      'latestReturn.createdAt as returnCreatedAt',
    ])
    .where('purchases.userId', '=', userId)
    .orderBy('purchases.createdAt', 'desc')
    .orderBy('purchases.id', 'desc')
    .execute();
}

/** The refunds made on a member's purchases (done ones: money given back), oldest first. */
export function listMemberRefunds(db: Db, userId: string) {
  return db
    .selectFrom('refunds')
    .innerJoin('purchases', 'purchases.id', 'refunds.purchaseId')
    .select(['refunds.purchaseId', 'refunds.amount', 'refunds.createdAt'])
    .where('purchases.userId', '=', userId)
    .where('refunds.status', '=', 'done')
    .orderBy('refunds.createdAt')
    .orderBy('refunds.id')
    .execute();
}
