import { ensureTestProductsShow } from '@vault/show';
import { backends, DEFAULT_KNIFE_FACTS, seedOnboardedMembers } from '@vault/testing';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp, memberSocket } from '../test-app';
import { sleep, useReportApp } from './show-report-support';

// The watcher count sampled every period while a show is live, and the report refusing unknown or
// test-products shows.

describe.each(backends)('the show report on %s', (backend) => {
  const { db, asAdmin } = useReportApp(backend);

  it('samples the watcher count every period while a show is live, once per period across replicas', async () => {
    const periodic = await buildTestApp(backend, { listen: true, config: { watcherSampleMs: 250 } });
    const opened: Socket[] = [];
    try {
      // Scaled: a second replica with its own timer competes for every period.
      if (backend === 'postgres') await periodic.sibling({ ownBus: true });
      const pdb = periodic.database.db;
      const [watcher] = await seedOnboardedMembers(pdb, {
        count: 1,
        sessionSecret: periodic.app.config.sessionSecret,
      });
      if (!watcher) throw new Error('setup');
      const show = await pdb
        .insertInto('shows')
        .values({ title: 'Sampled', perKnifeSeconds: 600, prerollSeconds: 0, intermissionSeconds: 600 })
        .returningAll()
        .executeTakeFirstOrThrow();
      await pdb
        .insertInto('showItems')
        .values({ showId: show.id, title: 'Knife', price: '10.00', ...DEFAULT_KNIFE_FACTS })
        .execute();
      const samples = async () =>
        (await pdb.selectFrom('showEvents').selectAll().where('showId', '=', show.id).orderBy('id').execute()).filter(
          (e) => e.type === 'watchers',
        );

      // Not live yet: nothing sampled.
      await memberSocket(periodic.app, watcher.cookie, opened);
      await expect.poll(() => periodic.app.watchers(), { timeout: 5000 }).toBe(1);
      await sleep(600);
      expect(await samples()).toEqual([]);

      expect(await periodic.app.shows.driver.command(show.id, { type: 'start' })).toMatchObject({ ok: true });
      const started = Date.now();
      await sleep(2500);
      const during = await samples();
      const elapsed = Date.now() - started;
      // One per period (plus the one after the start), not one per replica per period: the
      // period's lock lives 90% of it, so at most one sample per 225 ms even when timers drift.
      expect(during.length).toBeGreaterThanOrEqual(4);
      expect(during.length).toBeLessThanOrEqual(Math.ceil(elapsed / 225) + 2);
      const { step } = await pdb.selectFrom('shows').select('step').where('id', '=', show.id).executeTakeFirstOrThrow();
      for (const sample of during) expect(sample).toMatchObject({ step, payload: { count: 1 } });

      // Reset: no longer live, no more samples.
      expect(await periodic.app.shows.driver.command(show.id, { type: 'reset' })).toMatchObject({ ok: true });
      await sleep(300);
      const after = (await samples()).length;
      await sleep(800);
      expect((await samples()).length).toBe(after);
    } finally {
      for (const socket of opened) socket.disconnect();
      await periodic.close();
    }
  });

  it('answers 404 for an unknown show and for the test-products show, and 400 for a malformed id', async () => {
    const missing = await asAdmin('GET', '/api/shows/00000000-0000-4000-8000-000000000000/report');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Show not found', code: 'not_found' });
    const testProducts = await ensureTestProductsShow(db());
    for (const suffix of ['report', 'report.csv']) {
      expect((await asAdmin('GET', `/api/shows/${testProducts}/${suffix}`)).statusCode).toBe(404);
    }
    expect((await asAdmin('GET', '/api/shows/not-a-show/report.csv')).statusCode).toBe(400);
  });
});
