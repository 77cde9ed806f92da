import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type EmbeddedApp, freePort, startEmbeddedApp } from '@vault/testing';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { apiClient, logIn, startLiveShow } from '../../../bench/bench-app';
import { onboardMember } from './browser-helpers';

// The mobile audit that bench:mobile records and tests/browser/mobile-audit.test.ts holds to its
// targets: Lighthouse 12.2.3's default config (the mobile form factor, a Moto G Power's screen and
// simulated slow-4G throttling) against the production build, in Debian's Chromium, on /login
// signed out and on /show (an item live) and /account as an onboarded member.

/** Lighthouse 12's categories; it has no PWA category any more (installability: tests/browser/pwa-install.test.ts). */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The targets, in Lighthouse's 0–100 scores; SEO is recorded, not targeted. */
export const MOBILE_TARGETS: Partial<Record<Category, number>> = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
};

export interface PageAudit {
  page: string;
  url: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that lost points (score below 1, weighted in a category), for a reader to act on. */
  failing: string[];
}

/** One Lighthouse run has this long; a slow one is a finding, a hung one must not hang CI. */
const LIGHTHOUSE_TIMEOUT_MS = 120_000;

/**
 * Chromium with a remote-debugging port that Lighthouse connects to. Its context is the browser's
 * default one (a persistent context), so the tab Lighthouse opens carries the cookies a page of
 * `context` signed in with.
 */
export interface AuditBrowser {
  context: BrowserContext;
  port: number;
  close(): Promise<void>;
}

export async function launchAuditBrowser(): Promise<AuditBrowser> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'vault-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    viewport: { width: 375, height: 812 },
    args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
  });
  return {
    context,
    port,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse could not audit the page at all (its runtimeError): no score was measured. */
class LighthouseRuntimeError extends Error {}

/**
 * Lighthouse's mobile run of `url` in the browser on `port`, reduced to scores, the three vitals and
 * what lost points. A run Lighthouse itself could not finish (a runtime error such as a protocol
 * timeout; seen once in about thirty runs here) is run once more, the first error printed; a
 * second one fails.
 */
export async function auditPage(port: number, page: string, url: string): Promise<PageAudit> {
  try {
    return await auditOnce(port, page, url);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.warn(`${error.message}; running it once more`);
    return auditOnce(port, page, url);
  }
}

async function auditOnce(port: number, page: string, url: string): Promise<PageAudit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Lighthouse on ${url} took over ${LIGHTHOUSE_TIMEOUT_MS} ms`)),
      LIGHTHOUSE_TIMEOUT_MS,
    );
  });
  const run = lighthouse(url, { port, output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  const result = await Promise.race([run, timeout]).finally(() => clearTimeout(timer));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORTS=<dir> keeps each page's full report (HTML, and its JSON) for a reader.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
    writeFileSync(path.join(reports, `${name}.html`), String(result.report));
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => `${c}: ${audit?.id} (${audit?.score}) ${audit?.displayValue ?? ''}`.trim()),
  );
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page,
    url,
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  };
}

/**
 * What CI holds performance to while the target above is not yet met on every page (quiet medians:
 * /login 93, /show 72, /account 73; a full CI run, other suites beside it, read /show 47 before the
 * first-load work; docs/performance.md): a floor under that spread that catches a regression, never
 * a claim that 90 is reached. The benchmark report keeps showing the target and the miss.
 */
export const PERFORMANCE_FLOOR_UNTIL_MET = 40;

/** The scores below their targets, as "performance 84 < 90"; empty when the page meets them all. */
export function missedTargets(audit: PageAudit, targets: Partial<Record<Category, number>> = MOBILE_TARGETS): string[] {
  return Object.entries(targets).flatMap(([category, target]) => {
    const score = audit.scores[category as Category];
    return target !== undefined && score < target ? [`${category} ${score} < ${target}`] : [];
  });
}

/** The app as a member meets it: the production build served by the embedded app, a show running with a knife live. */
export interface MobileScene {
  app: EmbeddedApp;
  browser: AuditBrowser;
  /** Signs the onboarded member in, in the audit browser (once: /login is audited before it, signed out). */
  signInMember(): Promise<void>;
  stop(): Promise<void>;
}

/** Long enough that the first knife is still live when the last page has been audited. */
const PER_KNIFE_SECONDS = 900;

export async function startMobileScene(): Promise<MobileScene> {
  // WEB_DIST=<dir> audits another build of the SPA than apps/web/dist (one no other build replaces mid-run).
  const web: Record<string, string> = process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {};
  const app = await startEmbeddedApp({ SEED_DEMO: 'false', ...web });
  let browser: AuditBrowser | undefined;
  try {
    browser = await launchAuditBrowser();
    const admin = apiClient(app.baseUrl, await logIn(app.baseUrl, app.adminEmail, app.adminPassword));
    await startLiveShow(admin, { title: 'Friday Night Steel', perKnifeSeconds: PER_KNIFE_SECONDS, prerollSeconds: 0 }, [
      {
        title: 'Raven Tanto',
        price: '340.00',
        category: 'Fixed Blade',
        description: 'A tanto in black-oxide steel, the first knife of the night.',
        imageUrls: ['/media/knives/raven-tanto-1.svg', '/media/knives/raven-tanto-2.svg'],
      },
      { title: 'Glacier Clip Point', price: '220.00', imageUrls: ['/media/knives/glacier-clip-point-1.svg'] },
    ]);
  } catch (error) {
    await browser?.close();
    await app.stop();
    throw error;
  }
  const audit = browser;
  return {
    app,
    browser: audit,
    async signInMember() {
      const page = await audit.context.newPage();
      await onboardMember(app, page, 'mobile-audit@example.com');
      await page.close();
    },
    async stop() {
      await audit.close();
      await app.stop();
    },
  };
}
