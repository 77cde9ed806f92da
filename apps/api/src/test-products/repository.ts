import type { NewShowItem, ShowItem, ShowItemsTable } from '@vault/db';
import { sql, type Updateable } from 'kysely';
import type { Db } from '../core/db';
import { TEST_PRODUCT_COLUMNS } from '../shows';

// Relisting voided purchases' items, and the admin's test products.

/** A purchase with its item's fields, the ones a relist copies. */
export function findPurchaseItem(db: Db, purchaseId: string) {
  return db
    .selectFrom('purchases')
    .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
    .select(['purchases.id as purchaseId', 'purchases.status as purchaseStatus'])
    .selectAll('showItems')
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirst();
}

/**
 * Inserts the relisted copy of an item; undefined when the item was relisted already. The unique
 * index on relisted_from_item_id decides, so two relists racing (on any replica) make one item:
 * the loser's insert waits for the winner's commit, then does nothing.
 */
export function insertRelistedItem(
  db: Db,
  values: NewShowItem & { relistedFromItemId: string },
): Promise<ShowItem | undefined> {
  return db
    .insertInto('showItems')
    .values(values)
    .onConflict((oc) => oc.column('relistedFromItemId').where('relistedFromItemId', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Test product columns plus what became of each: its purchases, newest first. */
function testProductRows(db: Db) {
  return db
    .selectFrom('showItems')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select([
      ...TEST_PRODUCT_COLUMNS,
      'showItems.status',
      'showItems.relistedFromItemId',
      'showItems.createdAt',
      sql<number>`(select count(*)::int from purchases p where p.show_item_id = show_items.id)`.as('purchaseCount'),
    ])
    .where('shows.kind', '=', 'test_products');
}

export type TestProductRow = NonNullable<Awaited<ReturnType<typeof findTestProduct>>>;

/** Every test product, sold out ones included, newest first. */
export function listAllTestProducts(db: Db) {
  return testProductRows(db).orderBy('showItems.createdAt', 'desc').orderBy('showItems.id').execute();
}

export function findTestProduct(db: Db, id: string) {
  return testProductRows(db).where('showItems.id', '=', id).executeTakeFirst();
}

type TestProductChanges = Pick<
  Updateable<ShowItemsTable>,
  'title' | 'description' | 'price' | 'imageUrls' | 'category' | 'bladeType' | 'legalClass' | 'bladeLength'
>;

/**
 * Edits a test product that is still for sale, in one conditional UPDATE: a product being bought
 * (or bought) has status sold by then, so an edit cannot rewrite what a member paid for.
 * False when no such product matched.
 */
export async function updateAvailableTestProduct(db: Db, id: string, changes: TestProductChanges): Promise<boolean> {
  const updated = await db
    .updateTable('showItems')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .where('claimId', 'is', null)
    .where('showId', 'in', (eb) => eb.selectFrom('shows').select('id').where('kind', '=', 'test_products'))
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Deletes a test product nobody bought or is buying, in one conditional DELETE: the claim that
 * starts a sale sets the row's status to sold first, so a delete and a Buy cannot both win. A
 * released claim still waiting for its check at the gateway (needs_check: a late authorisation
 * may have to be voided) keeps the product, as its claim row would go with it.
 * False when no such product matched.
 */
export async function deleteUnboughtTestProduct(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('showItems')
    .where('id', '=', id)
    .where('status', '=', 'available')
    .where('claimId', 'is', null)
    .where('showId', 'in', (eb) => eb.selectFrom('shows').select('id').where('kind', '=', 'test_products'))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('purchases').select('purchases.id').where('purchases.showItemId', '=', id))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('saleClaims')
            .select('saleClaims.id')
            .where('saleClaims.showItemId', '=', id)
            .where((c) => c.or([c('saleClaims.status', '=', 'pending'), c('saleClaims.needsCheck', '=', true)])),
        ),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
