import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureTestProductsShow } from '@vault/show';
import { backends, openTestDatabase, repoRoot, type TestDatabase } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/seed/index';

describe.each(backends)('start-up data on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('seeds a scheduled demo show a few minutes ahead with at least 5 knives, once', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(await seedDemoData({ db: database.db }, now)).toBe(true);
    expect(await seedDemoData({ db: database.db }, new Date())).toBe(false);

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
