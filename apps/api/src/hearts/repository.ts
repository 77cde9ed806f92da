import { lineupKey } from '@vault/show';
import { sql } from 'kysely';
import type { Db } from '../core/db';

export interface HeartRow {
  showItemId: string;
  count: number;
  hearted: boolean;
}

/** Every item of a show in lineup order, with its heart count and whether `userId` hearted it. */
export async function heartsOfShow(db: Db, showId: string, userId: string): Promise<HeartRow[]> {
  const result = await sql<HeartRow>`
    select i.id as show_item_id, count(h.user_id)::int as count, coalesce(bool_or(h.user_id = ${userId}), false) as hearted
    from show_items i left join item_hearts h on h.show_item_id = i.id
    where i.show_id = ${showId}
    group by i.id
    order by ${lineupKey('i')}`.execute(db);
  return result.rows;
}

/** One item's count and whether `userId` hearted it. */
export async function heartOfItem(db: Db, showItemId: string, userId: string): Promise<HeartRow> {
  const result = await sql<HeartRow>`
    select ${showItemId}::uuid as show_item_id, count(*)::int as count,
      coalesce(bool_or(user_id = ${userId}), false) as hearted
    from item_hearts where show_item_id = ${showItemId}`.execute(db);
  return result.rows[0] ?? { showItemId, count: 0, hearted: false };
}

/** The item's show, to decide whether it can be hearted. */
export function findItemShow(db: Db, showItemId: string) {
  return db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select(['shows.id', 'shows.kind', 'shows.status'])
    .where('showItems.id', '=', showItemId)
    .executeTakeFirst();
}

/** Hearts an item; hearting twice is one heart (a double tap changes nothing). */
export async function addHeart(db: Db, showItemId: string, userId: string): Promise<void> {
  await db
    .insertInto('itemHearts')
    .values({ showItemId, userId })
    .onConflict((oc) => oc.columns(['showItemId', 'userId']).doNothing())
    .execute();
}

export async function removeHeart(db: Db, showItemId: string, userId: string): Promise<void> {
  await db.deleteFrom('itemHearts').where('showItemId', '=', showItemId).where('userId', '=', userId).execute();
}

/** Heart counts of these items (items nobody hearted are absent). */
export async function heartCounts(db: Db, showItemIds: string[]): Promise<Map<string, number>> {
  if (showItemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('itemHearts')
    .select(['showItemId', sql<number>`count(*)::int`.as('count')])
    .where('showItemId', 'in', showItemIds)
    .groupBy('showItemId')
    .execute();
  return new Map(rows.map((row) => [row.showItemId, row.count]));
}

/** Deletes every heart of a member; answers how many went. */
export async function deleteAllHearts(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('itemHearts').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
