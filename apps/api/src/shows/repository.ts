import type { NewShowItem, Show, ShowItem, ShowItemsTable } from '@vault/db';
import { inLineupOrder } from '@vault/show';
import { sql, type Updateable } from 'kysely';
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

/** The show an item belongs to (it never moves to another), for locking the show before the item. */
export function showIdOfItem(db: Db, id: string) {
  return db.selectFrom('showItems').select('showId').where('id', '=', id).executeTakeFirst();
}

/** An item with its show's kind and time per item, locked until the transaction ends (an edit and a sale queue). */
export function findShowItemForUpdate(db: Db, id: string) {
  return db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .selectAll('showItems')
    .select(['shows.kind as showKind', 'shows.perKnifeSeconds'])
    .where('showItems.id', '=', id)
    .forUpdate('showItems')
    .executeTakeFirst();
}

/** The longest entry window among a show's draw items still to be sold (null: none). */
export async function longestDrawWindow(db: Db, showId: string): Promise<number | null> {
  const row = await db
    .selectFrom('showItems')
    .select((eb) => eb.fn.max('drawWindowSeconds').as('longest'))
    .where('showId', '=', showId)
    .where('saleMode', '=', 'draw')
    .where('status', '!=', 'sold')
    .executeTakeFirst();
  return row?.longest ?? null;
}

export function updateShowItem(db: Db, id: string, changes: Updateable<ShowItemsTable>): Promise<ShowItem> {
  return db.updateTable('showItems').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
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
  'showItems.legalClass',
  'showItems.bladeLength',
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
