import type { AdminShow, BuyResponse, OrderView, ShowStateView } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connectionStatus,
  logInAdmin,
  onboardMember,
  refuseLiveSocket,
  shotBothWidths,
  toastText,
} from './support/browser-helpers';

// Screenshots land in <tmp>/shots-admin/<name>-375.png and -1280.png.
const shot = (page: Page, name: string) => shotBothWidths(page, 'shots-admin', name);

/** The member claims whatever is on sale right now. */
async function buyCurrentItem(member: Page): Promise<string> {
  const state = await api<ShowStateView>(member, 'GET', '/api/show/state');
  const reply = await api<BuyResponse>(member, 'POST', '/api/show/buy', { showItemId: state.body.currentItem?.id });
  expect(reply.status).toBe(200);
  return reply.body.item.title;
}

describe('the admin area in Chromium: shows, items, scheduling, live control and payments', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let member: Page;
  const SHOW = 'Midnight Test Run';

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    member = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await Promise.all([
      onboardMember(app, member, 'mia@example.com'),
      (async () => {
        await admin.goto(`${app.baseUrl}/admin`);
        await admin.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
        await shot(admin, 'access-required');
        await admin.getByRole('link', { name: 'Log In' }).click();
        await admin.waitForURL(`${app.baseUrl}/login`);
        await logInAdmin(app, admin);
      })(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a customer sees Admin Access Required at /admin and is sent from /admin/shows to /show', async () => {
    // A second tab, so the member's /show (counted as a watcher) stays open throughout.
    const tab = await member.context().newPage();
    await tab.goto(`${app.baseUrl}/admin`);
    await tab.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await tab.getByRole('link', { name: 'Log In' }).waitFor();
    await tab.goto(`${app.baseUrl}/admin/shows`);
    await tab.waitForURL(`${app.baseUrl}/show`);
    // The admin API refuses the customer too.
    expect((await api(tab, 'GET', '/api/shows')).status).toBe(403);
    await tab.close();
  });

  it('creates a show in the Create Show dialog', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    const control = admin.getByRole('region', { name: 'Show Control' });
    await control.getByText('No show is live right now.').waitFor();
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByText('No shows yet. Create the first one.').waitFor();
    await admin.getByRole('button', { name: 'Create Show' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create Show' });
    await dialog.getByLabel('Seconds per item').fill('0');
    await dialog.getByRole('button', { name: 'Create Show' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Seconds per item must be at least 1').waitFor();
    await shot(admin, 'create-show-errors');

    await dialog.getByLabel('Title').fill(SHOW);
    await dialog.getByLabel('Description').fill('Two blades, one night.');
    await dialog.getByLabel('Seconds per item').fill('40');
    await dialog.getByLabel('Intermission seconds').fill('2');
    await dialog.getByLabel('Preroll seconds').fill('2');
    await dialog.getByRole('button', { name: 'Create Show' }).click();
    await toastText(admin, 'Show created');
    await expect.poll(() => dialog.count()).toBe(0);
    const card = admin.getByRole('region', { name: SHOW });
    await card.getByText('Two blades, one night.').waitFor();
    await card.getByText('Not scheduled').waitFor();
    await card.getByText('0 items · 40 seconds per item').waitFor();
  });

  it('adds two items through the Add Show Item dialog, with the form’s validation messages', async () => {
    await admin.getByRole('tab', { name: 'Show Items' }).click();
    await admin.getByRole('button', { name: 'Add Show Item' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Show Item' });
    await dialog.getByLabel('Main video URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    for (const message of [
      'Show selection is required',
      'Name is required',
      'Price must be a positive number',
      'Must be a valid URL',
      'Choose a legal class',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Please enter an image URL').waitFor();
    await dialog.getByLabel('Image URL', { exact: true }).fill('knife.png');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Please enter a valid image URL').waitFor();
    await shot(admin, 'add-item-image-error');
    // Back to the top of the sheet, where the field errors are.
    await dialog.locator('form').evaluate((form) => form.parentElement?.scrollTo(0, 0));
    await shot(admin, 'add-item-errors');

    await dialog.getByLabel('Show', { exact: true }).selectOption({ label: SHOW });
    await dialog.getByLabel('Name').fill('Alpha Blade');
    await dialog.getByLabel('Price').fill('120');
    await dialog.getByLabel('Legal class').selectOption('fixed_blade');
    await dialog.getByLabel('Blade length (in)').fill('4.5');
    await dialog.getByLabel('Main video URL').fill('');
    for (const url of ['/media/knives/raven-tanto-1.svg', '/media/knives/raven-tanto-2.svg']) {
      await dialog.getByLabel('Image URL', { exact: true }).fill(url);
      await dialog.getByLabel('Image URL', { exact: true }).press('Enter');
    }
    const images = dialog.getByRole('list', { name: 'Image URLs' }).getByRole('listitem');
    await expect.poll(() => images.count()).toBe(2);
    await dialog.getByRole('button', { name: 'Remove image 2' }).click();
    await expect.poll(() => images.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await toastText(admin, 'Show item created successfully!');

    // No images: a warning, but the item is still created.
    await admin.getByRole('button', { name: 'Add Show Item' }).click();
    await dialog.getByLabel('Show', { exact: true }).selectOption({ label: SHOW });
    await dialog.getByLabel('Name').fill('Bravo Blade');
    await dialog.getByLabel('Price').fill('80.5');
    await dialog.getByLabel('Legal class').selectOption('manual_folder');
    await dialog.getByLabel('Blade length (in)').fill('3');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    expect(await toastText(admin, 'Consider adding at least one image')).toContain('Show item created successfully!');

    const grid = admin.getByRole('list', { name: 'Show items' });
    await grid.getByRole('listitem').filter({ hasText: 'Bravo Blade' }).getByText('$80.50').waitFor();
    await grid.getByRole('listitem').filter({ hasText: 'Alpha Blade' }).getByText('queued').waitFor();
    await shot(admin, 'admin-items');
  });

  it('reorders the lineup with the move buttons', async () => {
    await admin.getByRole('tab', { name: 'Shows' }).click();
    const lineup = admin.getByRole('list', { name: `Lineup of ${SHOW}` }).getByRole('listitem');
    await expect
      .poll(() => lineup.allInnerTexts())
      .toEqual([expect.stringContaining('Alpha Blade'), expect.stringContaining('Bravo Blade')]);
    await admin.getByRole('button', { name: 'Move Bravo Blade up' }).click();
    await lineup.first().getByText('Bravo Blade').waitFor();
    const shows = await api<AdminShow[]>(admin, 'GET', '/api/shows');
    expect(shows.body[0]?.lineup.map((i) => i.title)).toEqual(['Bravo Blade', 'Alpha Blade']);
    await shot(admin, 'admin-shows-tab');
  });

  it('schedules the show on /admin/shows and watches it start in Show Control', async () => {
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('link', { name: 'Manage Shows' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/shows`);
    const card = admin.getByRole('region', { name: SHOW });
    const launch = card.getByLabel('Launch time');
    const schedule = card.getByRole('button', { name: 'Schedule Show' });
    expect(await launch.inputValue()).toBe('');
    await expect(schedule.isDisabled()).resolves.toBe(true);
    expect(await card.getByLabel('Status').inputValue()).toBe('scheduled');

    const details = card.getByRole('form', { name: `Details of ${SHOW}` });
    await details.getByLabel('Description').fill('Two blades, one night only.');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(admin, 'Show updated');
    expect((await api<AdminShow[]>(admin, 'GET', '/api/shows')).body[0]?.description).toBe(
      'Two blades, one night only.',
    );

    // Ten seconds ahead, in the browser's own time zone (seconds kept non-zero so the input keeps them).
    const local = await admin.evaluate(() => {
      const d = new Date(Date.now() + 10_000);
      if (d.getSeconds() === 0) d.setSeconds(1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    });
    await launch.fill(local);
    await schedule.click();
    await toastText(admin, 'Show Scheduled');
    const shows = await api<AdminShow[]>(admin, 'GET', '/api/shows');
    expect(shows.body[0]?.status).toBe('scheduled');
    expect(shows.body[0]?.launchTime).toBe(await admin.evaluate((v) => new Date(v).toISOString(), local));
    await shot(admin, 'admin-shows-page');

    await admin.getByRole('link', { name: 'Back to Admin' }).click();
    const control = admin.getByRole('region', { name: 'Show Control' });
    // The member's /show is open in the other browser (the admin's own socket does not count).
    await control.getByRole('status', { name: /^[1-9]\d* watching$/ }).waitFor({ timeout: 10_000 });
    await control.getByText(`No show is live. Next: ${SHOW}`).waitFor();
    await control.getByText('Item 1 of 2').waitFor({ timeout: 30_000 });
    // After the preroll, the first item of the reordered lineup is on sale.
    await control.getByText('Showing', { exact: true }).waitFor({ timeout: 10_000 });
    await control.getByText('Bravo Blade').waitFor();
    await control.getByRole('button', { name: 'Pause Show' }).waitFor();
  });

  it('pauses and resumes the show', async () => {
    const control = admin.getByRole('region', { name: 'Show Control' });
    await control.getByRole('button', { name: 'Pause Show' }).click();
    await toastText(admin, 'Show paused');
    await control.getByText('Paused', { exact: true }).waitFor();
    await control.getByRole('button', { name: 'Start Show' }).click();
    await toastText(admin, 'Show started!');
    await control.getByRole('button', { name: 'Pause Show' }).waitFor();
  });

  it('shows SOLD without a reload when a member buys, and captures the payment', async () => {
    const control = admin.getByRole('region', { name: 'Show Control' });
    expect(await buyCurrentItem(member)).toBe('Bravo Blade');
    await control.getByText('SOLD', { exact: true }).waitFor({ timeout: 4000 });
    await shot(admin, 'show-control-sold');

    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('region', { name: SHOW }).getByRole('button', { name: 'Purchases' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Purchases' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Bravo Blade' });
    await row.getByText('Mia Collector').waitFor();
    await row.getByText('mia@example.com').waitFor();
    await row.getByText('$80.50').waitFor();
    await row.getByText('authorized').waitFor();
    await shot(admin, 'purchases');
    await row.getByRole('button', { name: 'Capture' }).click();
    await toastText(admin, 'Payment captured');
    await row.getByText('completed').waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Capture' }).count()).toBe(0);

    const orders = await api<OrderView[]>(member, 'GET', '/api/orders');
    expect(orders.body).toEqual([expect.objectContaining({ productTitle: 'Bravo Blade', status: 'completed' })]);
    // (Escape would dismiss the toast first: it is the topmost layer.)
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('voids the second sale after a confirmation', async () => {
    const control = admin.getByRole('region', { name: 'Show Control' });
    await control.getByText('Item 2 of 2').waitFor({ timeout: 15_000 });
    await control.getByText('Showing', { exact: true }).waitFor({ timeout: 10_000 });
    await control.getByText('Alpha Blade').waitFor();
    await shot(admin, 'show-control-live');
    expect(await buyCurrentItem(member)).toBe('Alpha Blade');
    await control.getByText('SOLD', { exact: true }).waitFor({ timeout: 4000 });

    await admin.getByRole('region', { name: SHOW }).getByRole('button', { name: 'Purchases' }).click();
    const row = admin
      .getByRole('dialog', { name: 'Purchases' })
      .getByRole('listitem')
      .filter({ hasText: 'Alpha Blade' });
    await row.getByRole('button', { name: 'Void' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Void Payment' }).click();
    await toastText(admin, 'Payment voided');
    await row.getByText('voided').waitFor();
    await shot(admin, 'purchases-settled');
    await admin.getByRole('dialog', { name: 'Purchases' }).getByRole('button', { name: 'Close' }).click();
  });

  it('refuses to restart a finished show, then resets it', async () => {
    const control = admin.getByRole('region', { name: 'Show Control' });
    // The last sale ends the show once its sold hold is over.
    await control.getByText('No show is live right now.').waitFor({ timeout: 15_000 });
    await control.getByRole('button', { name: 'Start Show' }).click();
    expect(await toastText(admin, 'Failed to start show')).toContain('reset it to run it again');
    await control.getByRole('button', { name: 'Reset Show' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset Show' }).click();
    await toastText(admin, 'Show reset');
    await expect.poll(() => control.getByRole('button', { name: 'Reset Show' }).count()).toBe(0);
    const shows = await api<AdminShow[]>(admin, 'GET', '/api/shows');
    expect(shows.body[0]?.status).toBe('idle');
  });

  it('keeps Show Control current by polling every 2 s while the socket is down', async () => {
    const offline = await admin.context().newPage();
    // Both of Socket.IO's transports refused, and nothing else.
    await refuseLiveSocket(offline);
    await offline.goto(`${app.baseUrl}/admin`);
    await connectionStatus(offline, 'Reconnecting…').waitFor();
    const control = offline.getByRole('region', { name: 'Show Control' });
    await control.getByText('No show is live right now.').waitFor();

    const shows = await api<AdminShow[]>(offline, 'GET', '/api/shows');
    const showId = shows.body[0]?.id;
    expect((await api(offline, 'POST', '/api/show/start', { showId })).status).toBe(200);
    await control.getByRole('button', { name: 'Pause Show' }).waitFor({ timeout: 5000 });
    expect((await api(offline, 'POST', '/api/show/reset', { showId })).status).toBe(200);
    await control.getByText('No show is live right now.').waitFor({ timeout: 5000 });
    await offline.close();
  });
});
