import type { Database, NewShow, Show, ShowUpdate } from '@vault/db';
import type { Kysely } from 'kysely';

// The shows rows outside the clock's transitions (store.ts writes those): a new show, an admin's
// edit of its fields, and the standing test-products show. `db` may be a transaction.

export function insertShow(db: Kysely<Database>, values: NewShow): Promise<Show> {
  return db.insertInto('shows').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateShowFields(db: Kysely<Database>, id: string, changes: ShowUpdate): Promise<void> {
  await db.updateTable('shows').set(changes).where('id', '=', id).execute();
}

/**
 * The standing show that holds $1 test products. Every installation has it (seeded or not):
 * test products are bought with POST /api/show/buy {showItemId} like live items.
 */
export async function ensureTestProductsShow(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('shows')
    .values({ kind: 'test_products', title: '$1 Test Products', description: 'Always-open $1 test products' })
    .onConflict((oc) => oc.column('kind').where('kind', '=', 'test_products').doNothing())
    .execute();
  const row = await db.selectFrom('shows').select('id').where('kind', '=', 'test_products').executeTakeFirstOrThrow();
  return row.id;
}
