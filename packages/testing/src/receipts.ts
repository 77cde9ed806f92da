import { receiptDedupeKey } from '@vault/contracts';
import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';

export interface PurchaseWithReceipt {
  userId: string;
  purchaseId: string;
  /** The receipt's mail_outbox row. */
  outboxId: string;
}

/**
 * A member's purchase with its receipt row in the outbox, as the Buy's settle transaction writes
 * them: for tests of delivery that do not need a live show or a gateway.
 */
export async function insertPurchaseWithReceipt(
  db: Kysely<Database>,
  email: string,
  item: { title: string; price: string; shippingAddress: string } = {
    title: 'Damascus Chef Knife',
    price: '1234.00',
    shippingAddress: 'Ada Blade, 1 Forge Street, Austin, TX 78701, US',
  },
): Promise<PurchaseWithReceipt> {
  const user = await db
    .insertInto('users')
    .values({ email, firstName: 'Ada', fullName: 'Ada Blade', onboardingCompleted: true, dateOfBirth: '1990-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const show = await db.insertInto('shows').values({ title: 'Receipt show' }).returning('id').executeTakeFirstOrThrow();
  const { id: showItemId } = await db
    .insertInto('showItems')
    .values({ showId: show.id, title: item.title, price: item.price, legalClass: 'fixed_blade', bladeLength: '8.00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const purchase = await db
    .insertInto('purchases')
    .values({
      userId: user.id,
      showItemId,
      amount: item.price,
      shippingAddress: item.shippingAddress,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('mailOutbox')
    .values({
      kind: 'receipt',
      dedupeKey: receiptDedupeKey(purchase.id),
      userId: user.id,
      payload: JSON.stringify({ purchaseId: purchase.id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, purchaseId: purchase.id, outboxId: row.id };
}
