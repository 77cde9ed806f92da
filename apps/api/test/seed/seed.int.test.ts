import { existsSync } from 'node:fs';
import path from 'node:path';
import { createMemoryBus } from '@vault/bus';
import { type BusMessage, EligibilityRuleBody, LEGAL_CLASSES } from '@vault/contracts';
import { ensureTestProductsShow } from '@vault/show';
import { backends, openTestDatabase, repoRoot, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/seed/index';

describe.each(backends)('start-up data on %s', (backend) => {
  let database: TestDatabase;
  const bus = createMemoryBus();
  const published: BusMessage[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await bus.subscribe('eligibility', (message) => published.push(message));
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('seeds a scheduled demo show a few minutes ahead with at least 5 knives, once', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(await seedDemoData({ db: database.db, bus }, now)).toBe(true);
    expect(await seedDemoData({ db: database.db, bus }, new Date())).toBe(false);

    const shows = await database.db.selectFrom('shows').selectAll().where('kind', '=', 'live').execute();
    expect(shows).toHaveLength(1);
    const [show] = shows;
    expect(show?.status).toBe('scheduled');
    const leadMs = (show?.launchTime?.getTime() ?? 0) - now.getTime();
    expect(leadMs).toBeGreaterThanOrEqual(60_000);
    expect(leadMs).toBeLessThanOrEqual(15 * 60_000);

    const lineup = await database.db
      .selectFrom('showItems')
      .selectAll()
      .where('showId', '=', show?.id ?? '')
      .orderBy('orderIndex')
      .execute();
    expect(lineup.length).toBeGreaterThanOrEqual(5);
    expect(lineup.map((i) => i.orderIndex)).toEqual(lineup.map((_, i) => i));
    for (const item of lineup) {
      expect(item.status).toBe('queued');
      expect(Number(item.price)).toBeGreaterThan(1);
      expect(item.imageUrls.length).toBeGreaterThan(0);
    }
  });

  it('classifies every seeded item, the demo show holding an automatic, a balisong and a manual folder', async () => {
    const items = await database.db
      .selectFrom('showItems')
      .innerJoin('shows', 'shows.id', 'showItems.showId')
      .select(['showItems.legalClass', 'showItems.bladeLength', 'shows.kind'])
      .execute();
    for (const item of items) {
      expect(LEGAL_CLASSES).toContain(item.legalClass);
      expect(item.bladeLength).toMatch(/^\d{1,2}\.\d{2}$/);
      if (item.legalClass !== 'gear') expect(Number(item.bladeLength)).toBeGreaterThan(0);
    }
    const live = new Set(items.filter((i) => i.kind === 'live').map((i) => i.legalClass));
    for (const legalClass of ['automatic', 'balisong', 'manual_folder'] as const) expect(live).toContain(legalClass);
  });

  it('seeds the attestation kinds and example rules once, each rule valid, noted and sourced, and says so on the bus', async () => {
    const kinds = await database.db.selectFrom('attestationKinds').selectAll().orderBy('code').execute();
    expect(kinds.map((k) => [k.code, k.label])).toEqual([
      ['armed_forces', 'Armed forces member on duty'],
      ['dealer', 'Licensed knife dealer'],
      ['law_enforcement', 'Law-enforcement purchase'],
    ]);
    for (const kind of kinds) expect(kind.description.length).toBeGreaterThan(20);

    const rules = await database.db.selectFrom('eligibilityRules').selectAll().execute();
    for (const rule of rules) {
      expect(rule).toMatchObject({ example: true, effectiveFrom: '2024-01-01', retiredAt: null, version: 1 });
      expect(rule.note).toMatch(/review it with counsel/);
      expect(rule.sourceUrl).toMatch(/^https:\/\//);
      expect(() =>
        EligibilityRuleBody.parse({ ...rule, value: rule.value === null ? null : String(rule.value) }),
      ).not.toThrow();
    }
    const find = (effect: string, legalClass: string | null) =>
      rules.filter((r) => r.effect === effect && r.legalClass === legalClass);
    // Automatics, OTFs and gravity knives across state lines need one of the three attestations.
    for (const legalClass of ['automatic', 'otf_single', 'otf_double', 'gravity']) {
      const [interstate] = find('needs_attestation', legalClass);
      expect(interstate).toMatchObject({ state: 'interstate' });
      expect([...(interstate?.attestations ?? [])].sort()).toEqual(['armed_forces', 'dealer', 'law_enforcement']);
      expect(interstate?.sourceUrl).toContain('uscode/text/15/chapter-29');
    }
    expect(find('forbid', 'automatic')).toEqual([expect.objectContaining({ state: 'NY', city: 'New York' })]);
    const [blade] = find('max_blade', 'automatic');
    expect(Number(blade?.value)).toBeLessThanOrEqual(2);
    const [age] = find('min_age', 'fixed_blade');
    expect(Number(age?.value)).toBeGreaterThan(18);

    // Once per database: the second start above added nothing, and told the instances once.
    expect(rules).toHaveLength(7);
    expect(published).toEqual([{ type: 'eligibility.rules-changed' }]);
  });

  it("seeds the eligibility examples once into a demo seeded before they existed, keeping an operator's own kind", async () => {
    await database.db.deleteFrom('appMeta').where('key', '=', 'demo-seed-eligibility').execute();
    await database.db.deleteFrom('eligibilityRules').execute();
    await database.db
      .updateTable('attestationKinds')
      .set({ label: 'On duty (ours)' })
      .where('code', '=', 'armed_forces')
      .execute();
    expect(await seedDemoData({ db: database.db, bus }, new Date())).toBe(false);
    expect(await database.db.selectFrom('eligibilityRules').select('id').execute()).toHaveLength(7);
    const kind = await database.db
      .selectFrom('attestationKinds')
      .select('label')
      .where('code', '=', 'armed_forces')
      .executeTakeFirst();
    expect(kind?.label).toBe('On duty (ours)');
  });

  it('seeds at least 3 available $1 test products in the standing test-products show', async () => {
    const products = await database.db
      .selectFrom('showItems')
      .innerJoin('shows', 'shows.id', 'showItems.showId')
      .select(['showItems.price', 'showItems.status', 'showItems.imageUrls'])
      .where('shows.kind', '=', 'test_products')
      .execute();
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) expect(product).toMatchObject({ price: '1.00', status: 'available' });
  });

  it('points every seeded image at a file the app serves itself', async () => {
    const rows = await database.db.selectFrom('showItems').select('imageUrls').execute();
    const urls = rows.flatMap((r) => r.imageUrls);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\//);
      expect(existsSync(path.join(repoRoot, 'apps/web/public', url)), url).toBe(true);
    }
  });

  it('keeps a single test-products show however often it is ensured', async () => {
    const ids = await Promise.all([ensureTestProductsShow(database.db), ensureTestProductsShow(database.db)]);
    expect(new Set(ids).size).toBe(1);
  });
});
