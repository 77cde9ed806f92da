import type { Db } from '../core/db';

/**
 * The id of every $1 test product, sold ones included (a member's re-sent Buy of one they bought
 * must still reach its purchase). One small query, run when the show changes and at most once a
 * second for an id nobody knows (sales/buyable-items.ts), never once per press.
 */
export async function listTestProductIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select('showItems.id')
    .where('shows.kind', '=', 'test_products')
    .execute();
  return rows.map((row) => row.id);
}
