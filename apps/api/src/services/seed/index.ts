import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';
import { demoLineup, demoShow, demoTestProducts, itemValues } from './catalog';

const TEST_PRODUCTS_TITLE = '$1 Test Products';

/**
 * The standing show that holds $1 test products. Every installation has it (seeded or not):
 * test products are bought with POST /api/show/buy {showItemId} like live items.
 */
export async function ensureTestProductsShow(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('shows')
    .values({ kind: 'test_products', title: TEST_PRODUCTS_TITLE, description: 'Always-open $1 test products' })
    .onConflict((oc) => oc.column('kind').where('kind', '=', 'test_products').doNothing())
    .execute();
  const row = await db.selectFrom('shows').select('id').where('kind', '=', 'test_products').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Seeds the demo once per database: a marker row in app_meta is claimed in the same transaction,
 * so a restart (or two replicas starting together) never seeds twice, and demo data an admin
 * deleted does not come back.
 */
export async function seedDemoData(db: Kysely<Database>, now: Date): Promise<boolean> {
  const testShowId = await ensureTestProductsShow(db);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('appMeta')
      .values({ key: 'demo-seed', value: JSON.stringify({ seededAt: now.toISOString() }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return false;

    const show = await trx
      .insertInto('shows')
      .values({
        title: demoShow.title,
        description: demoShow.description,
        status: 'scheduled',
        launchTime: new Date(now.getTime() + demoShow.launchInMs),
        perKnifeSeconds: demoShow.perKnifeSeconds,
        intermissionSeconds: demoShow.intermissionSeconds,
        prerollSeconds: demoShow.prerollSeconds,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('showItems')
      .values(
        demoLineup.map((item, orderIndex) => ({
          ...itemValues(item),
          showId: show.id,
          orderIndex,
          status: 'queued' as const,
        })),
      )
      .execute();
    await trx
      .insertInto('showItems')
      .values(
        demoTestProducts.map((item, orderIndex) => ({
          ...itemValues(item),
          showId: testShowId,
          orderIndex,
          status: 'available' as const,
        })),
      )
      .execute();
    return true;
  });
}
