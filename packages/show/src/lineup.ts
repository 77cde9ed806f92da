import type { ShowKind, ShowPhase } from '@vault/contracts';
import type { Database } from '@vault/db';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';

/**
 * The lineup order, written once: by position, then by when the item was added, so two items that
 * share a position (an item added while the admin reorders) keep the order they came in. The
 * clock's "item at position n", the show screen's lineup, the admin's lists, a released sale's
 * "is it still the item on screen" and the hearts list all read the lineup in this order.
 *
 * For raw SQL: the order key of the show_items row under `alias`, `order_index, created_at`
 * (an ORDER BY list, or a row value to compare positions with).
 */
export function lineupKey(alias = 'showItems'): RawBuilder<unknown> {
  return sql`${sql.ref(`${alias}.orderIndex`)}, ${sql.ref(`${alias}.createdAt`)}`;
}

/** A query of show_items (joined or not) sorted in the lineup order: `.$call(inLineupOrder)`. */
export function inLineupOrder<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) {
  return query.orderBy(sql.ref('showItems.orderIndex')).orderBy(sql.ref('showItems.createdAt'));
}

/** An item's position in its show's lineup (0 for the first); -1 when there is no such item. */
export async function lineupPosition(db: Kysely<Database>, showItemId: string): Promise<number> {
  const position = await sql<{ n: number }>`
    select (select count(*)::int from show_items x
      where x.show_id = i.show_id and (${lineupKey('x')}) < (${lineupKey('i')})) as n
    from show_items i where i.id = ${showItemId}`.execute(db);
  return position.rows[0]?.n ?? -1;
}

/**
 * The lineup position that goes on sale next while members wait for it: the first item during the
 * preroll, the one after the current item during an intermission. While an item is showing
 * nothing is next: the member is looking at the sale. The clock puts this item on sale when the
 * wait ends, and the show view names it for the "up next" banner and the admin's Next up.
 */
export function nextItemIndex(show: { phase: ShowPhase; currentIndex: number }): number | null {
  if (show.phase === 'preroll') return 0;
  if (show.phase === 'intermission') return show.currentIndex + 1;
  return null;
}

/**
 * The screen status of an item joining a lineup: a test product is for sale at once; a live
 * show's item waits for its turn, when the clock puts it on sale.
 */
export function newItemStatus(kind: ShowKind): 'available' | 'queued' {
  return kind === 'test_products' ? 'available' : 'queued';
}
