// pnpm bench:badnet — the live show on bad links, measured in Chromium: PAGES members' /show pages per
// profile (clean, lossy, blackhole, reset, silentDeath), each through its own link proxy, watch a
// show of ITEMS short items while a buyer on a clean link buys each at a random moment. Prints per
// profile Sold p50 / p95 / max after the sale's 200 (from the later of the sale and the link's
// return), the longest live-looking Buy after a sale, the countdown error and the pages that never
// caught up, against the targets; exits non-zero on a miss unless --report-only.
// One show per profile by default, so a 2-core machine measures the links rather than its own CPU;
// --together watches one show with every profile's pages at once (faster, more CPU contention);
// --deaths-at-sales kills the silentDeath pages' links 0–1 s before every sale (the hard case)
// instead of at two random moments per page.
// PROFILES=reset,silentDeath runs a subset; WEB_DIST and BADNET_DUMP: see bench/badnet-harness.ts.

import type { LinkProfileName } from '@vault/testing';
import { launchChromium } from '@vault/testing';
import {
  badnetTable,
  formatTable,
  missedTargets,
  PER_KNIFE_S,
  PROFILES,
  type ProfileResult,
  runBadnet,
  startBadnetApp,
  TARGETS,
} from './badnet-harness';
import { recordResult } from './record';

const PAGES = Number(process.env.PAGES ?? 4);
const ITEMS = Number(process.env.ITEMS ?? 8);
const profiles = (process.env.PROFILES?.split(',') as LinkProfileName[] | undefined) ?? PROFILES;
const reportOnly = process.argv.includes('--report-only');
const together = process.argv.includes('--together');
const deathsAtSales = process.argv.includes('--deaths-at-sales');

const app = await startBadnetApp(profiles.length * PAGES + 1);
const browser = await launchChromium();
try {
  console.log(
    `bench:badnet — ${PAGES} pages per profile, each on its own link proxy; ${ITEMS} items of ${PER_KNIFE_S} s per show; one clean-link buyer; ${together ? 'all profiles on one show' : 'one show per profile'}`,
  );
  const run = (only: readonly LinkProfileName[]) =>
    runBadnet({
      app,
      browser,
      profiles: only,
      pagesPerProfile: PAGES,
      items: ITEMS,
      deathsAtSales,
      log: (line) => console.log(line),
    });
  const results: ProfileResult[] = [];
  if (together) results.push(...(await run(profiles)));
  else for (const profile of profiles) results.push(...(await run([profile])));
  console.log(formatTable(results));
  await recordResult({
    bench: 'badnet',
    title: 'Bad links: members on lossy, dead and reset links see Sold in time',
    setup: `${PAGES} Chromium pages per link profile, each through its own user-space link proxy; ${ITEMS} items of ${PER_KNIFE_S} s per show; one buyer on a clean link. The clean profile is the calibration.`,
    figures: results.map((r) => ({
      label: `${r.profile}: Sold p95 after the sale (or the link's return)`,
      value: r.sold.p95,
      unit: 'ms' as const,
      target: { op: '≤' as const, value: TARGETS.soldP95Ms },
    })),
    series: [],
    bars: {
      unit: 'ms Sold p95',
      values: results.map((r) => ({ label: r.profile, value: r.sold.p95, calibration: r.profile === 'clean' })),
    },
    table: badnetTable(results),
    notes: [],
  });
  const missed = results.some((r) => missedTargets(r).length > 0);
  if (missed && !reportOnly) process.exitCode = 1;
} finally {
  await browser.close();
  await app.stop();
}
