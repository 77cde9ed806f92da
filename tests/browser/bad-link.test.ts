import { launchChromium } from '@vault/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BadnetApp,
  formatTable,
  missedTargets,
  PROFILES,
  runBadnet,
  startBadnetApp,
} from '../../bench/badnet-harness';

const PAGES_PER_PROFILE = 2;

/**
 * The short version of `pnpm bench:badnet`: one show of 4 items watched by two members'
 * pages per bad-link profile, each page through its own link proxy, while a buyer on a clean link
 * buys every item. The silentDeath pages lose their link 0–1 s before every sale (the hard case,
 * every time), and each outage profile has its first outage within the first 10 s. Fails when any
 * profile misses a bad-link target: Sold p95, a live Buy after a sale, the countdown, a page
 * that never caught up.
 */
describe('members on bad links (bad-link targets, short run)', () => {
  let app: BadnetApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startBadnetApp(PROFILES.length * PAGES_PER_PROFILE + 1);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows Sold in time, never a live Buy for a sold item, the right countdown, and every page catches up', async () => {
    const results = await runBadnet({
      app,
      browser,
      pagesPerProfile: PAGES_PER_PROFILE,
      items: 4,
      firstOutageMs: [2000, 10_000],
      deathsAtSales: true,
    });
    console.log(formatTable(results));
    expect(results.map((r) => r.profile)).toEqual(PROFILES);
    for (const r of results) expect(r.sales).toBe(4 * PAGES_PER_PROFILE);
    expect(Object.fromEntries(results.map((r) => [r.profile, missedTargets(r)]))).toEqual(
      Object.fromEntries(PROFILES.map((p) => [p, []])),
    );
  }, 240_000);
});
