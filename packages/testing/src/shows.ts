import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';

export interface ShowToInsert {
  title: string;
  /** Knives 0…items-1, titled "Knife i", $10.00 each, in that order. */
  items: number;
  perKnifeSeconds: number;
  intermissionSeconds: number;
  prerollSeconds: number;
  soldHoldSeconds: number;
}

/** A live show written straight to the database, for clock and chaos tests that time its phases. */
export async function insertShow(db: Kysely<Database>, show: ShowToInsert): Promise<string> {
  const { items, ...values } = show;
  const { id } = await db.insertInto('shows').values(values).returning('id').executeTakeFirstOrThrow();
  if (items > 0) {
    await db
      .insertInto('showItems')
      .values(
        Array.from({ length: items }, (_, i) => ({ showId: id, title: `Knife ${i}`, price: '10.00', orderIndex: i })),
      )
      .execute();
  }
  return id;
}
