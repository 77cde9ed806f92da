// pnpm bench:mobile — Lighthouse 12.2.3 on a phone: its default config (mobile form factor, simulated
// slow-4G and a 4× slower CPU) against the production build served by the embedded app, in Debian's
// Chromium: /login signed out, then /show with a knife live and /account as an onboarded member. The
// floor is a bare Fastify's static "hello" page, audited first in the same browser and run: what
// Lighthouse's performance score is for a page with nothing to load. Targets: performance ≥ 90,
// accessibility ≥ 95, best practices ≥ 95 on each page (SEO recorded), each page's figures those
// of its median run of MOBILE_RUNS (default 3). Build the web app first
// (pnpm --filter @vault/web build); this builds nothing. Exits 1 on a missed target.

import { loadavg } from 'node:os';
import Fastify from 'fastify';
import {
  auditPage,
  CATEGORIES,
  MOBILE_TARGETS,
  missedTargets,
  type PageAudit,
  startMobileScene,
} from '../tests/browser/support/lighthouse';
import type { Figure } from './record';
import { recordResult } from './record';

/** The floor: a page with a heading and nothing to fetch, from a bare Fastify on 127.0.0.1. */
const HELLO = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A bare page">
<title>Hello</title></head><body><main><h1>Hello</h1><p>A static page served by a bare Fastify.</p></main></body></html>`;

/**
 * Runs per page (MOBILE_RUNS, default 3): one page's score spreads over about eight points from run
 * to run on this machine, so the page's figures are those of its median run by performance score,
 * as Lighthouse's own guidance on variability advises.
 */
const RUNS = Number(process.env.MOBILE_RUNS ?? 3);

async function auditMedian(port: number, page: string, url: string): Promise<PageAudit> {
  const runs: PageAudit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditPage(port, page, url));
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  console.log(`${page}: performance per run ${runs.map((r) => r.scores.performance).join(', ')}`);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error(`no Lighthouse run of ${page}`);
  return median;
}

async function auditBare(port: number): Promise<PageAudit> {
  const bare = Fastify();
  bare.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(HELLO));
  const base = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await auditMedian(port, 'bare hello page', `${base}/`);
  } finally {
    await bare.close();
  }
}

// Lighthouse's simulated throttling multiplies the CPU time it observes: a busy machine reads as a slow page.
const loadAtStart = loadavg()[0] ?? 0;
const scene = await startMobileScene();
const audits: PageAudit[] = [];
try {
  const { port } = scene.browser;
  audits.push(await auditBare(port));
  audits.push(await auditMedian(port, '/login', `${scene.app.baseUrl}/login`));
  await scene.signInMember();
  audits.push(await auditMedian(port, '/show (item live)', `${scene.app.baseUrl}/show`));
  audits.push(await auditMedian(port, '/account', `${scene.app.baseUrl}/account`));
} finally {
  await scene.stop();
}

const [bare, ...pages] = audits;
if (!bare) throw new Error('no audit ran');
for (const audit of audits) {
  const scores = CATEGORIES.map((c) => `${c} ${audit.scores[c]}`).join(' · ');
  console.log(
    `${audit.page}: ${scores} · LCP ${audit.lcpMs.toFixed(0)} ms · TBT ${audit.tbtMs.toFixed(0)} ms · CLS ${audit.cls.toFixed(3)}`,
  );
  for (const line of audit.failing) console.log(`    ${line}`);
}
const missed = pages.flatMap((p) => missedTargets(p).map((m) => `${p.page}: ${m}`));
for (const line of missed) console.log(`MISS ${line}`);

const figures: Figure[] = pages.flatMap((p) => [
  ...CATEGORIES.map(
    (c): Figure => ({
      label: `${p.page}: ${c}`,
      value: p.scores[c],
      unit: '',
      ...(MOBILE_TARGETS[c] === undefined ? {} : { target: { op: '≥', value: MOBILE_TARGETS[c] } }),
    }),
  ),
  { label: `${p.page}: LCP`, value: p.lcpMs, unit: 'ms' },
  { label: `${p.page}: TBT`, value: p.tbtMs, unit: 'ms' },
  { label: `${p.page}: CLS`, value: p.cls, unit: '' },
]);
figures.push({ label: 'bare hello page: performance (the floor)', value: bare.scores.performance, unit: '' });
figures.push({ label: 'bare hello page: LCP (the floor)', value: bare.lcpMs, unit: 'ms' });

await recordResult({
  bench: 'mobile',
  title: 'Mobile audit: Lighthouse 12.2.3 on /login, /show (a knife live) and /account',
  setup: `Lighthouse's default config (mobile form factor, simulated slow 4G, 4× CPU slowdown) in Debian's Chromium against the embedded app serving the production build; /login signed out, /show and /account as an onboarded member; each page's median of ${RUNS} runs by performance score. The calibration is a bare Fastify's static hello page in the same browser and run.`,
  figures,
  series: [],
  bars: {
    unit: 'Lighthouse performance score',
    values: audits.map((a) => ({ label: a.page, value: a.scores.performance, calibration: a === bare })),
  },
  table: {
    header: ['page', ...CATEGORIES, 'LCP ms', 'TBT ms', 'CLS'],
    rows: audits.map((a) => [
      a.page,
      ...CATEGORIES.map((c) => String(a.scores[c])),
      a.lcpMs.toFixed(0),
      a.tbtMs.toFixed(0),
      a.cls.toFixed(3),
    ]),
  },
  notes: [
    `Load average at the start: ${loadAtStart.toFixed(1)} (Lighthouse multiplies the main-thread time it observes by 4: TBT and LCP read a busy machine as a slow page).`,
    'Lighthouse 12 has no PWA category and no installable-manifest audit; installability is checked in tests/browser/pwa-install.test.ts through Chromium’s Page.getInstallabilityErrors.',
  ],
});
if (missed.length > 0) process.exitCode = 1;
