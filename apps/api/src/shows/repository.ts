import type { NewShowItem, Show, ShowItem } from '@vault/db';
import { inLineupOrder } from '@vault/show';
import { sql } from 'kysely';
import type { Db } from '../core/db';

export function findShow(db: Db, id: string): Promise<Show | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The show, locked until the transaction ends (edits of one show queue). */
export function lockShow(db: Db, id: string): Promise<Show | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listLiveShows(db: Db): Promise<Show[]> {
  return db.selectFrom('shows').selectAll().where('kind', '=', 'live').orderBy('createdAt', 'desc').execute();
}

/** The live show the clock is running, if any. */
export function findRunningLiveShow(db: Db) {
  return db
    .selectFrom('shows')
    .select('id')
    .where('kind', '=', 'live')
    .where('status', '=', 'running')
    .executeTakeFirst();
}

/** Claims the once-per-database demo seed; false when it was claimed before. */
export async function claimDemoSeed(db: Db, now: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('appMeta')
    .values({ key: 'demo-seed', value: JSON.stringify({ seededAt: now.toISOString() }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Lineups in show order. */
export function listLineups(db: Db, showIds: string[]): Promise<ShowItem[]> {
  return db.selectFrom('showItems').selectAll().where('showId', 'in', showIds).$call(inLineupOrder).execute();
}

export function listLineup(db: Db, showId: string): Promise<ShowItem[]> {
  return listLineups(db, [showId]);
}

/** The whole inventory, newest first. */
export function listAllItems(db: Db): Promise<ShowItem[]> {
  return db.selectFrom('showItems').selectAll().orderBy('createdAt', 'desc').execute();
}

export function itemIdsOfShow(db: Db, showId: string) {
  return db.selectFrom('showItems').select('id').where('showId', '=', showId).execute();
}

export async function setItemOrder(db: Db, id: string, orderIndex: number): Promise<void> {
  await db.updateTable('showItems').set({ orderIndex, updatedAt: new Date() }).where('id', '=', id).execute();
}

/** The position after the last item of a show's lineup. */
export async function nextOrderIndex(db: Db, showId: string): Promise<number> {
  const next = await db
    .selectFrom('showItems')
    .select(sql<number>`coalesce(max(order_index) + 1, 0)::int`.as('n'))
    .where('showId', '=', showId)
    .executeTakeFirstOrThrow();
  return next.n;
}

export function insertShowItem(db: Db, values: NewShowItem): Promise<ShowItem> {
  return db.insertInto('showItems').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertShowItems(db: Db, values: NewShowItem[]): Promise<void> {
  await db.insertInto('showItems').values(values).execute();
}

/** What members see of a test product on its card and in its dialog. */
export const TEST_PRODUCT_COLUMNS = [
  'showItems.id',
  'showItems.title',
  'showItems.description',
  'showItems.price',
  'showItems.category',
  'showItems.bladeType',
  'showItems.imageUrls',
] as const;

/** Test products still for sale, oldest first. */
export function listTestProducts(db: Db) {
  return db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select(TEST_PRODUCT_COLUMNS)
    .where('shows.kind', '=', 'test_products')
    .where('showItems.status', '=', 'available')
    .$call(inLineupOrder)
    .execute();
}
