import type { Db } from '../core/db';

/** Whether the member has any purchase row (voided ones too): from then on their date of birth is locked. */
export async function hasAnyPurchase(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('purchases').select('id').where('userId', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}
