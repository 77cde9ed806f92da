import { readFileSync } from 'node:fs';
import type { AdminShow } from '@vault/contracts';
import { type EmbeddedApp, parseCsv } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/browser-helpers';
import { expectNoOverflow } from './support/member-helpers';
import {
  chart,
  chartHeadings,
  chartTable,
  closeShowReportScene,
  csvColumn,
  EMBER,
  focusableInDrawing,
  KNIVES,
  press,
  pressed,
  pressesOn,
  RAVEN,
  reportOf,
  SHOW,
  SPECTER,
  segmentsOf,
  shot,
  shotEachChart,
  startShowReportScene,
  totalCell,
  totalOf,
  waitForItem,
} from './support/show-report-scene';

// The show report as an admin uses it, in Debian's Chromium against the app started as a
// real process: the test drives a short live show (three members press Buy through the API: a win,
// presses that came too late, a card declined at charge, a press over the per-member limit, and an
// item nobody buys), then checks the report page's totals, charts, timeline and CSV export
// against what it did, live and after the show, on a desktop and a 375 px phone.

describe('the show report in Chromium: totals, charts, timeline and CSV of a show the test drove', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let ada: Page;
  let ben: Page;
  let cal: Page;
  let show: AdminShow;
  let adminProblems: () => Promise<string[]>;
  /** Seconds from the test seeing an item on sale to its winning press being answered, per item. */
  const measured: Record<string, { seenAt: number; answeredAt: number }> = {};

  beforeAll(async () => {
    ({ app, browser, admin, ada, ben, cal, show, adminProblems } = await startShowReportScene());
  });
  // Whatever started, stops (a failed start has already stopped its own).
  afterAll(() => closeShowReportScene({ browser, app }));

  it('sends a customer from a report to /show, and the API refuses them the report', async () => {
    const tab = await ada.context().newPage();
    await tab.goto(`${app.baseUrl}/admin/shows/${show.id}`);
    await tab.waitForURL(`${app.baseUrl}/show`);
    expect((await api(tab, 'GET', `/api/shows/${show.id}/report`)).status).toBe(403);
    await tab.close();
  });

  it('opens an empty report from the Shows tab before the show has run', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('region', { name: SHOW }).getByRole('link', { name: 'Report' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/shows/${show.id}`);
    await admin.getByRole('heading', { name: SHOW, level: 1 }).waitFor();
    expect(await totalCell(admin, 'Items').textContent()).toBe('3');
    expect(await totalCell(admin, 'Sold').textContent()).toBe('0');
    expect(await totalCell(admin, 'Revenue').textContent()).toBe('$0.00');
    await chart(admin, 'Revenue').getByText('Revenue appears here with the first sale.').waitFor();
    await chart(admin, 'Time to sale').getByText('Each sold item gets a bar here.').waitFor();
    await chart(admin, 'Buy attempts').getByText('Buy presses per item appear here.').waitFor();
    await chart(admin, 'Members watching').getByText('No watcher samples yet.').waitFor();
    // Nothing sold: the ring is all "unsold".
    await chart(admin, 'Sell-through').getByText('0 of 3 items sold (0%).').waitFor();
    await admin.waitForTimeout(1600); // the ring's entry animation
    await shot(admin, 'empty');
  });

  it('drives the show: a win and two late presses, then a decline, a refusal over the limit and a win', async () => {
    expect((await api(admin, 'POST', '/api/show/start', { showId: show.id })).status).toBe(200);

    const raven = await waitForItem(ada, RAVEN.title);
    await ada.waitForTimeout(1500);
    const won = await press(ada, raven.id);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    measured[RAVEN.title] = { seenAt: raven.seenAt, answeredAt: Date.now() };
    for (let i = 0; i < 2; i++) {
      const late = await press(ben, raven.id);
      expect([late.status, late.body.code]).toEqual([409, 'sold']);
    }

    // The live Show Control card links to the report, which picks up sales by itself.
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('region', { name: 'Show Control' }).getByRole('link', { name: 'Report' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/shows/${show.id}`);
    await admin.getByText('Live: refreshing every 5 seconds').waitFor();
    await expect.poll(() => totalCell(admin, 'Sold').textContent(), { timeout: 12_000 }).toBe('1');

    const specter = await waitForItem(ben, SPECTER.title);
    const declined = await press(cal, specter.id);
    expect([declined.status, declined.body.code]).toEqual([402, 'card_declined']);
    const overLimit = await press(ada, specter.id);
    expect(overLimit.status).toBeGreaterThanOrEqual(400);
    expect(overLimit.status).toBeLessThan(500);
    expect(overLimit.body.code).toBe('purchase_cap_reached');
    const second = await press(ben, specter.id);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    measured[SPECTER.title] = { seenAt: specter.seenAt, answeredAt: Date.now() };

    // No reload: the 5 s refresh brings the second sale and the new presses.
    await expect.poll(() => totalCell(admin, 'Sold').textContent(), { timeout: 12_000 }).toBe('2');
    await expect.poll(() => totalCell(admin, 'Buy attempts').textContent(), { timeout: 12_000 }).toBe('6');
    await admin.waitForTimeout(1600); // the bars grow into their new values
    await shot(admin, 'live');

    // Nobody buys the third knife: the show runs out.
    await expect
      .poll(async () => (await reportOf(admin, show.id)).show.status, { timeout: 30_000, interval: 500 })
      .toBe('completed');
  });

  it('shows the totals of the show it drove, and the API agrees', async () => {
    await admin.reload();
    await admin.getByRole('heading', { name: SHOW, level: 1 }).waitFor();
    const report = await reportOf(admin, show.id);
    const attempts = Object.values(pressed).reduce((sum, p) => sum + totalOf(p), 0);
    expect(report.totals).toMatchObject({ items: 3, sold: 2, revenue: '1060.00', attempts });
    expect(report.totals.sellThrough).toBeCloseTo(2 / 3, 5);
    expect(report.totals.peakWatchers).toBe(Math.max(0, ...report.watchers.map((w) => w.count)));

    expect(await totalCell(admin, 'Items').textContent()).toBe('3');
    expect(await totalCell(admin, 'Sold').textContent()).toBe('2');
    expect(await totalCell(admin, 'Sell-through').textContent()).toBe('67%');
    expect(await totalCell(admin, 'Revenue').textContent()).toBe('$1,060.00');
    expect(await totalCell(admin, 'Buy attempts').textContent()).toBe(String(attempts));
    expect(await totalCell(admin, 'Peak watchers').textContent()).toBe(String(report.totals.peakWatchers));
    expect(await admin.getByText('Live: refreshing').count()).toBe(0);
  });

  it('draws every chart, with text equivalents holding the numbers the test pressed', async () => {
    // Sell-through: two slices, the share in the middle.
    const sellThrough = chart(admin, 'Sell-through');
    await sellThrough.getByText('2 of 3 items sold (67%).').waitFor();
    expect(await sellThrough.locator('svg .recharts-pie-sector').count()).toBe(2);
    expect(await sellThrough.locator('svg').getByText('67%').count()).toBe(1);
    expect(await chartTable(admin, 'Sell-through')).toEqual([
      ['Sold', '2'],
      ['Unsold', '1'],
    ]);

    // Revenue: a line through both sales, ending at the total.
    const revenue = chart(admin, 'Revenue');
    await revenue.getByText('$1,060.00 from 2 sales.').waitFor();
    expect(await revenue.locator('svg .recharts-area-curve').count()).toBe(1);
    expect((await chartTable(admin, 'Revenue')).map((row) => row.slice(1))).toEqual([
      [RAVEN.title, '$450.00'],
      [SPECTER.title, '$1,060.00'],
    ]);

    // Time to sale: a bar per sold item, each as long as the test took to press.
    const timeToSale = chart(admin, 'Time to sale');
    expect(await timeToSale.locator('svg .recharts-bar-rectangle path').count()).toBe(2);
    const times = await chartTable(admin, 'Time to sale');
    expect(times.map((row) => [row[0], row[1]])).toEqual([
      ['#1', RAVEN.title],
      ['#2', SPECTER.title],
      ['#3', EMBER.title],
    ]);
    expect(times[2]?.[2]).toBe('Not sold');
    for (const [i, knife] of [RAVEN, SPECTER].entries()) {
      const seconds = Number.parseFloat(times[i]?.[2] ?? '');
      const window = measured[knife.title];
      // Shown before the test saw it (≤ 100 ms poll) and sold before the press was answered.
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(((window?.answeredAt ?? 0) - (window?.seenAt ?? 0)) / 1000 + 0.6);
    }
    expect(Number.parseFloat(times[0]?.[2] ?? '')).toBeGreaterThanOrEqual(1.4);

    // Buy attempts: stacked by outcome, exactly as pressed.
    const attempts = chart(admin, 'Buy attempts');
    await attempts.getByText('6 presses: 2 won, 2 already sold, 1 refused, 1 declined.').waitFor();
    const rows = await chartTable(admin, 'Buy attempts');
    const head = await chartHeadings(admin, 'Buy attempts');
    expect(head).toEqual(['Item', 'Title', 'Won', 'Already sold', 'Refused', 'Declined', 'Total']);
    expect(rows).toEqual(
      [RAVEN, SPECTER, EMBER].map((knife, i) => {
        const p = pressesOn(knife.title);
        return [`#${i + 1}`, knife.title, p.won, p.sold, p.refused, p.declined, totalOf(p)].map(String);
      }),
    );
    // One rectangle per non-empty (item, outcome) segment.
    const segments = Object.values(pressed).reduce((sum, p) => sum + segmentsOf(p), 0);
    expect(await attempts.locator('svg .recharts-bar-rectangle path').count()).toBe(segments);

    // Members watching: a line through the samples, if the show got any.
    const samples = await chartTable(admin, 'Members watching');
    expect(samples.length).toBeGreaterThan(0);
    expect(await chart(admin, 'Members watching').locator('svg .recharts-line-curve').count()).toBe(1);
    expect(Math.max(...samples.map((row) => Number(row[1])))).toBe(
      Number(await totalCell(admin, 'Peak watchers').textContent()),
    );
    // The drawings are hidden from screen readers (their tables speak): none may take focus.
    for (const title of ['Sell-through', 'Revenue', 'Time to sale', 'Buy attempts', 'Members watching']) {
      expect(await focusableInDrawing(admin, title).count(), title).toBe(0);
    }
    await admin.waitForTimeout(1600); // let the entry animations finish for the screenshot
    await shot(admin, 'completed');
  });

  it('lists the timeline in order: start, each item, each sale with buyer and seconds, the end', async () => {
    const timeline = admin.getByRole('list', { name: 'Timeline' });
    const entries = await timeline.getByRole('listitem').allInnerTexts();
    const at = (pattern: RegExp) => entries.findIndex((text) => pattern.test(text));
    // Each line starts with its local time, hh:mm:ss.
    for (const entry of entries) expect(entry).toMatch(/^\d{2}:\d{2}:\d{2}\s/);
    const started = at(/started/i);
    const ravenShown = at(new RegExp(`shown.*${RAVEN.title}|${RAVEN.title}.*shown`, 'i'));
    const ravenSold = at(new RegExp(`Sold ${RAVEN.title}`));
    const specterSold = at(new RegExp(`Sold ${SPECTER.title}`));
    const completed = at(/completed/i);
    expect(started).toBeGreaterThanOrEqual(0);
    expect(started).toBeLessThan(ravenShown);
    expect(ravenShown).toBeLessThan(ravenSold);
    expect(ravenSold).toBeLessThan(specterSold);
    expect(specterSold).toBeLessThan(completed);
    expect(entries[ravenSold]).toMatch(/ada@example\.com/);
    expect(entries[ravenSold]).toMatch(/after \d+(\.\d)? s/);
    expect(entries[specterSold]).toMatch(/ben@example\.com/);
    // Watcher samples are charted; the timeline lists them only when asked.
    expect(entries.some((text) => /watching/i.test(text))).toBe(false);
    const toggle = admin.getByRole('checkbox', { name: /Show watcher samples/ });
    await toggle.check();
    await expect
      .poll(async () => (await timeline.getByRole('listitem').allInnerTexts()).some((t) => /watching/i.test(t)))
      .toBe(true);
    await toggle.uncheck();
  });

  it('exports the report as a CSV that parses and matches the page', async () => {
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
    const [head = [], ...items] = rows.filter((row) => row.some((cell) => cell !== ''));
    const column = (pattern: RegExp) => csvColumn(head, pattern);
    expect(items).toHaveLength(3);
    const title = column(/title/i);
    const buyer = column(/buyer/i);
    const status = column(/^status$/i);
    const total = column(/total/i);
    expect(items.map((row) => row[title])).toEqual([RAVEN.title, SPECTER.title, EMBER.title]);
    expect(items.map((row) => row[status])).toEqual(['sold', 'sold', expect.not.stringMatching(/^sold$/)]);
    expect(items[0]?.[buyer]).toContain('ada@example.com');
    expect(items[1]?.[buyer]).toContain('ben@example.com');
    expect(items[2]?.[buyer]).toBe('');
    expect(items.map((row) => Number(row[total]))).toEqual(KNIVES.map((k) => totalOf(pressesOn(k.title))));
    for (const outcome of ['won', 'sold', 'declined', 'refused'] as const) {
      const i = column(new RegExp(`^(attempts[ _-]?)?${outcome}$`, 'i'));
      expect(
        items.map((row) => Number(row[i])),
        outcome,
      ).toEqual([RAVEN, SPECTER, EMBER].map((k) => pressed[k.title]?.[outcome]));
    }
  });

  it('fits a 375 px phone: charts drawn at its width, nothing overflowing', async () => {
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.reload();
    await chart(admin, 'Buy attempts').locator('svg .recharts-bar-rectangle').first().waitFor();
    await expectNoOverflow(admin);
    for (const title of ['Sell-through', 'Revenue', 'Time to sale', 'Buy attempts', 'Members watching']) {
      const box = await chart(admin, title).locator('svg.recharts-surface').first().boundingBox();
      expect(box?.width, title).toBeGreaterThan(200);
      expect((box?.x ?? 0) + (box?.width ?? 0), title).toBeLessThanOrEqual(375);
    }
    await admin.waitForTimeout(1600);
    await shot(admin, 'completed');
    // Each chart on its own, to look at its axes and legend at phone size.
    await shotEachChart(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
    expect(await adminProblems()).toEqual([]);
  });

  it('links the report from the Show Manager too', async () => {
    await admin.goto(`${app.baseUrl}/admin/shows`);
    await admin.getByRole('region', { name: SHOW }).getByRole('link', { name: 'Report' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/shows/${show.id}`);
    await admin.getByRole('heading', { name: SHOW, level: 1 }).waitFor();
    await admin.goto(`${app.baseUrl}/admin/shows/00000000-0000-4000-8000-000000000000`);
    await admin.getByText('This show was not found.').waitFor();
  });
});
