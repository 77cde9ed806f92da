import { ensureTestProductsShow, insertShow, newItemStatus } from '@vault/show';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { claimDemoSeed, insertShowItems } from '../shows';
import { demoLineup, demoShow, demoTestProducts, itemValues } from './catalog';

/** The shop of $1 test products exists on every install, demo or not (its items are seeded below). */
export function ensureTestProducts(deps: Pick<ServiceDeps, 'db'>): Promise<string> {
  return ensureTestProductsShow(deps.db);
}

/**
 * Seeds the demo once per database: a marker row in app_meta is claimed in the same transaction,
 * so a restart (or two replicas starting together) never seeds twice, and demo data an admin
 * deleted does not come back.
 */
export async function seedDemoData(deps: Pick<ServiceDeps, 'db'>, now: Date): Promise<boolean> {
  const testShowId = await ensureTestProducts(deps);
  return withTransaction(deps.db, async (trx) => {
    if (!(await claimDemoSeed(trx, now))) return false;

    const show = await insertShow(trx, {
      title: demoShow.title,
      description: demoShow.description,
      status: 'scheduled',
      launchTime: new Date(now.getTime() + demoShow.launchInMs),
      perKnifeSeconds: demoShow.perKnifeSeconds,
      intermissionSeconds: demoShow.intermissionSeconds,
      prerollSeconds: demoShow.prerollSeconds,
    });
    await insertShowItems(
      trx,
      demoLineup.map((item, orderIndex) => ({
        ...itemValues(item),
        showId: show.id,
        orderIndex,
        status: newItemStatus('live'),
      })),
    );
    await insertShowItems(
      trx,
      demoTestProducts.map((item, orderIndex) => ({
        ...itemValues(item),
        showId: testShowId,
        orderIndex,
        status: newItemStatus('test_products'),
      })),
    );
    return true;
  });
}
