import type { PaymentMethod } from '@vault/db';
import { sql } from 'kysely';
import type { Db } from '../core/db';

/** Saved cards of a member; `db` may be a transaction. */
export async function countCards(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('paymentMethods')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export function listCards(db: Db, userId: string): Promise<PaymentMethod[]> {
  return db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
}

export function findCard(db: Db, userId: string, id: string): Promise<PaymentMethod | undefined> {
  return db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** The member's newest card, the next default once the default is removed. */
export function newestCard(db: Db, userId: string) {
  return db
    .selectFrom('paymentMethods')
    .select(['id', 'paymentProfileId'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Saves a card as the member's only default. */
export async function insertDefaultCard(
  db: Db,
  card: Pick<PaymentMethod, 'userId' | 'customerProfileId' | 'paymentProfileId' | 'cardType' | 'last4'>,
): Promise<PaymentMethod> {
  await db.updateTable('paymentMethods').set({ isDefault: false }).where('userId', '=', card.userId).execute();
  return db
    .insertInto('paymentMethods')
    .values({ ...card, isDefault: true })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCard(db: Db, id: string): Promise<void> {
  await db.deleteFrom('paymentMethods').where('id', '=', id).execute();
}

export async function makeDefaultCard(db: Db, id: string): Promise<void> {
  await db.updateTable('paymentMethods').set({ isDefault: true }).where('id', '=', id).execute();
}

/** Deletes every saved card of a member, answering the gateway ids each one had. */
export function deleteAllCards(db: Db, userId: string) {
  return db
    .deleteFrom('paymentMethods')
    .where('userId', '=', userId)
    .returning(['customerProfileId', 'paymentProfileId'])
    .execute();
}
