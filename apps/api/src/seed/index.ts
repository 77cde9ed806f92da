import { ensureTestProductsShow, insertShow, newItemStatus } from '@vault/show';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { insertShowItems } from '../shows';
import { demoLineup, demoShow, demoTestProducts, itemValues } from './catalog';
import { demoAttestationKinds, demoRules } from './eligibility';
import { claimSeed, insertExampleRules, insertKindsIfNew } from './repository';

/** The shop of $1 test products exists on every install, demo or not (its items are seeded below). */
export function ensureTestProducts(deps: Pick<ServiceDeps, 'db'>): Promise<string> {
  return ensureTestProductsShow(deps.db);
}

/** The catalogue's app_meta marker. */
const CATALOGUE_SEED = 'demo-seed';
/** The eligibility examples' own marker: a demo seeded before they existed gets them once too. */
const ELIGIBILITY_SEED = 'demo-seed-eligibility';

/**
 * Seeds the demo once per database: a marker row in app_meta is claimed in the same transaction,
 * so a restart (or two replicas starting together) never seeds twice, and demo data an admin
 * deleted does not come back. True when the catalogue was seeded now.
 */
export async function seedDemoData(deps: Pick<ServiceDeps, 'db' | 'bus'>, now: Date): Promise<boolean> {
  const testShowId = await ensureTestProducts(deps);
  const seeded = await withTransaction(deps.db, async (trx) => {
    if (!(await claimSeed(trx, CATALOGUE_SEED, now))) return false;

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
  await seedEligibilityExamples(deps, now);
  return seeded;
}

/**
 * The demo's attestation kinds and example rules, once per database like the catalogue. Every
 * instance judges by rules it loaded at start: the ones running already reload them now.
 */
async function seedEligibilityExamples(deps: Pick<ServiceDeps, 'db' | 'bus'>, now: Date): Promise<void> {
  const seeded = await withTransaction(deps.db, async (trx) => {
    if (!(await claimSeed(trx, ELIGIBILITY_SEED, now))) return false;
    await insertKindsIfNew(trx, demoAttestationKinds, now);
    await insertExampleRules(trx, demoRules, now);
    return true;
  });
  if (seeded) await deps.bus.publish('eligibility', { type: 'eligibility.rules-changed' });
}
