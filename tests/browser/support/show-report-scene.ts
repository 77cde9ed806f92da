import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminShow, BuyResponse, ShowReport, ShowStateView } from '@vault/contracts';
import { DEFAULT_KNIFE_FACTS, type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, logInAdmin, onboardMember } from './browser-helpers';
import { watchProblems } from './page-problems';

// The show report story's scene and tools: the app, an admin and three onboarded members (Cal's
// card is declined at charge), the show of three knives with a limit of one per member, the
// presses the report must count, and the report page's totals, charts and their text tables.

const SHOTS = '/tmp/shots18';
mkdirSync(SHOTS, { recursive: true });
export const shot = async (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `r2-${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });

export const SHOW = 'Report Night';
export const RAVEN = { title: 'Raven Tanto', price: '450.00' };
export const SPECTER = { title: 'Specter Dagger', price: '610.00' };
export const EMBER = { title: 'Ember Karambit', price: '380.00' };
/** The show's lineup, in order. */
export const KNIVES = [RAVEN, SPECTER, EMBER];

/** Buy presses the test makes, per item and outcome: what the report must count. */
export const pressed = {
  [RAVEN.title]: { won: 1, sold: 2, declined: 0, refused: 0 },
  [SPECTER.title]: { won: 1, sold: 0, declined: 1, refused: 1 },
  [EMBER.title]: { won: 0, sold: 0, declined: 0, refused: 0 },
};
/** The presses on one knife (none for a title the test did not press). */
export const pressesOn = (title: string) => pressed[title] ?? { won: 0, sold: 0, declined: 0, refused: 0 };
export const totalOf = (p: (typeof pressed)[string]) => p.won + p.sold + p.declined + p.refused;
/** How many of a knife's outcomes it was pressed for: each is a segment of its stacked bar. */
export const segmentsOf = (p: (typeof pressed)[string]) =>
  [p.won, p.sold, p.refused, p.declined].filter((n) => n > 0).length;

/** The show's state as a member's page reads it. */
export const stateOf = async (page: Page) => (await api<ShowStateView>(page, 'GET', '/api/show/state')).body;

/** Waits until `title` is on sale, and returns its id and when the test saw it there. */
export async function waitForItem(page: Page, title: string): Promise<{ id: string; seenAt: number }> {
  let id = '';
  await expect
    .poll(
      async () => {
        const item = (await stateOf(page)).currentItem;
        id = item?.title === title && item.status === 'showing' ? item.id : '';
        return id;
      },
      { timeout: 20_000, interval: 100 },
    )
    .not.toBe('');
  return { id, seenAt: Date.now() };
}

export const press = (page: Page, showItemId: string) =>
  api<BuyResponse & { code?: string }>(page, 'POST', '/api/show/buy', { showItemId });

/** One total of the report page ("Sold", "Revenue"…) as shown. */
export const totalCell = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Totals"] > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

export const chart = (page: Page, title: string): Locator => page.getByRole('figure', { name: title, exact: true });

/** The rows of a chart's text equivalent (the visually hidden table), cells as text. */
export async function chartTable(page: Page, title: string): Promise<string[][]> {
  return chart(page, title)
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')));
}

/** The column headings of a chart's text equivalent. */
export async function chartHeadings(page: Page, title: string): Promise<string[]> {
  return chart(page, title)
    .locator('table thead th')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
}

/** Anything in a chart's drawing (hidden from screen readers: its table speaks) that could take focus. */
export const focusableInDrawing = (page: Page, title: string): Locator =>
  chart(page, title).locator('[aria-hidden="true"] :is(a, button, input, [tabindex]:not([tabindex="-1"]))');

/** The show's report as the API gives it to the admin. */
export const reportOf = async (page: Page, showId: string) =>
  (await api<ShowReport>(page, 'GET', `/api/shows/${showId}/report`)).body;

/** Where the CSV's column whose heading matches `pattern` is; the test fails when there is none. */
export function csvColumn(head: string[], pattern: RegExp): number {
  const i = head.findIndex((name) => pattern.test(name));
  expect(i, `a column matching ${pattern} in ${head.join(',')}`).toBeGreaterThanOrEqual(0);
  return i;
}

/** Each chart on its own, to look at its axes and legend at phone size. */
export async function shotEachChart(page: Page): Promise<void> {
  for (const [name, title] of Object.entries({
    sell: 'Sell-through',
    revenue: 'Revenue',
    time: 'Time to sale',
    attempts: 'Buy attempts',
    watchers: 'Members watching',
  })) {
    await chart(page, title).screenshot({ path: path.join(SHOTS, `r2-chart-${name}-375.png`) });
  }
}

export interface ShowReportScene {
  app: EmbeddedApp;
  browser: Browser;
  admin: Page;
  ada: Page;
  ben: Page;
  cal: Page;
  show: AdminShow;
  adminProblems: () => Promise<string[]>;
}

export async function startShowReportScene(): Promise<ShowReportScene> {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    const started = app;
    browser = await launchChromium();
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    ).newPage();
    const ada = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const ben = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const cal = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await Promise.all([
      onboardMember(started, ada, 'ada@example.com'),
      onboardMember(started, ben, 'ben@example.com'),
      // Saved fine, then declined at charge time (the simulator's card).
      onboardMember(started, cal, 'cal@example.com', '4000000000000341'),
      (async () => {
        await admin.goto(`${started.baseUrl}/login`);
        await logInAdmin(started, admin);
      })(),
    ]);
    // From here on (the login page's "no user yet" 401 is expected), the admin's page stays clean.
    const adminProblems = await watchProblems(admin);
    // Short phases, and a sold hold long enough for the late presses to meet a sold item.
    const timings = { perKnifeSeconds: 8, intermissionSeconds: 1, prerollSeconds: 1, soldHoldSeconds: 3 };
    const created = await api<AdminShow>(admin, 'POST', '/api/shows', { title: SHOW, ...timings });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const show = created.body;
    for (const knife of KNIVES) {
      const item = await api(admin, 'POST', '/api/show-items', {
        showId: show.id,
        title: knife.title,
        price: knife.price,
        category: 'Fixed Blade',
        description: 'A knife for the report check.',
        imageUrls: [],
        ...DEFAULT_KNIFE_FACTS,
      });
      expect(item.status).toBe(201);
    }
    // One item per member: Ada's second press is refused.
    expect((await api(admin, 'PATCH', `/api/shows/${show.id}`, { purchaseCap: 1 })).status).toBe(200);
    return { app, browser, admin, ada, ben, cal, show, adminProblems };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeShowReportScene({ browser, app });
    throw error;
  }
}

export async function closeShowReportScene(scene: Partial<Pick<ShowReportScene, 'browser' | 'app'>>): Promise<void> {
  await scene.browser?.close();
  await scene.app?.stop();
}
