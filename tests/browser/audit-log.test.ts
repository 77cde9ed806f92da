import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminShow } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInAdmin, toastText } from './support/browser-helpers';
import { expectNoOverflow } from './support/member-helpers';

// The audit log and sold hold as an admin uses them, in Debian's Chromium against the app
// started as a real process: the sold hold saved from Create Show and from the Show Manager, then
// the Audit Log tab listing those actions newest first, loading older ones, filtering by kind,
// showing a record's details from the keyboard, at desktop width and on a 375 px phone.

const SHOTS = '/tmp/shots18';
mkdirSync(SHOTS, { recursive: true });
/** /tmp/shots18/audit-<name>-<width>.png: the whole page, or only what is on screen. */
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({
    path: path.join(SHOTS, `audit-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage,
  });

const SHOW = 'Audit Night';
/** Earlier admin actions (through the API), more than one page of the tab's 20. */
const FILLER_EDITS = 22;
/** Every action of the test: the filler show's creation, its edits, two fault calls, three in the UI. */
const TOTAL = 1 + FILLER_EDITS + 2 + 3;

describe('the audit log and the sold hold in Chromium', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let show: AdminShow;

  const showNamed = async (title: string) =>
    (await api<AdminShow[]>(admin, 'GET', '/api/shows')).body.find((s) => s.title === title);

  const entries = () => admin.getByRole('list', { name: 'Audit log' }).getByRole('listitem');

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await admin.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, admin);
    // The older history: a show edited many times, and the payment simulator's fault controls.
    const filler = await api<AdminShow>(admin, 'POST', '/api/shows', { title: 'Filler Show', perKnifeSeconds: 30 });
    expect(filler.status).toBe(201);
    expect((await api(admin, 'POST', '/sandbox/authnet/faults', { kind: 'error', times: 1 })).status).toBe(200);
    expect((await api(admin, 'DELETE', '/sandbox/authnet/faults')).status).toBe(200);
    for (let i = 1; i <= FILLER_EDITS; i++) {
      const edit = await api(admin, 'PATCH', `/api/shows/${filler.body.id}`, { description: `Note ${i}` });
      expect(edit.status).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a show with its sold hold, refusing one out of range', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('button', { name: 'Create Show' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Create Show' });
    const hold = dialog.getByLabel('Sold hold seconds');
    expect(await hold.inputValue()).toBe('5');
    await dialog.getByText('How long a sold item stays on screen').waitFor();
    await dialog.getByLabel('Title').fill(SHOW);
    await dialog.getByLabel('Seconds per item').fill('45');
    await hold.fill('3601');
    await dialog.getByRole('button', { name: 'Create Show' }).click();
    await dialog.getByText('Sold hold seconds must be at most 3600').waitFor();
    await shot(admin, 'create-hold-error');
    await hold.fill('20');
    await dialog.getByRole('button', { name: 'Create Show' }).click();
    await toastText(admin, 'Show created');
    await expect.poll(() => dialog.count()).toBe(0);
    const created = await showNamed(SHOW);
    if (!created) throw new Error('the show was not created');
    show = created;
    expect(show.soldHoldSeconds).toBe(20);
  });

  it('adds an item in the Add Show Item dialog', async () => {
    await admin.getByRole('tab', { name: 'Show Items' }).click();
    await admin.getByRole('button', { name: 'Add Show Item' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Show Item' });
    await dialog.getByLabel('Show', { exact: true }).selectOption({ label: SHOW });
    await dialog.getByLabel('Name').fill('Audited Blade');
    await dialog.getByLabel('Price').fill('99');
    await dialog.getByLabel('Legal class').selectOption('fixed_blade');
    await dialog.getByLabel('Blade length (in)').fill('4');
    await dialog.getByRole('button', { name: 'Create Item' }).click();
    await toastText(admin, 'Show item created successfully!');
  });

  it('edits the sold hold with the other timings on the Show Manager', async () => {
    await admin.goto(`${app.baseUrl}/admin/shows`);
    const details = admin.getByRole('form', { name: `Details of ${SHOW}` });
    const hold = details.getByLabel('Sold hold seconds');
    expect(await hold.inputValue()).toBe('20');
    await hold.fill('7');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(admin, 'Show updated');
    expect((await showNamed(SHOW))?.soldHoldSeconds).toBe(7);
    await shot(admin, 'manager-hold');
  });

  it('lists those actions newest first in the Audit Log tab, with who, when and the show', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Audit Log' }).click();
    await expect.poll(() => entries().count()).toBe(20);
    const first = entries().nth(0);
    await first.getByText('Edited show', { exact: true }).waitFor();
    await entries().nth(1).getByText('Added item to show', { exact: true }).waitFor();
    await entries().nth(2).getByText('Created show', { exact: true }).waitFor();
    await entries().nth(3).getByText('Edited show', { exact: true }).waitFor();
    for (let i = 0; i < 3; i++) {
      await entries().nth(i).getByText(app.adminEmail).waitFor();
      const link = entries().nth(i).getByRole('link', { name: SHOW });
      expect(await link.getAttribute('href')).toBe(`/admin/shows/${show.id}`);
    }
    const times = await entries()
      .locator('time')
      .evaluateAll((nodes) => nodes.map((n) => Date.parse(n.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Local time, to the second, as the browser shows it.
    const shown = await first.locator('time').textContent();
    const expected = await first.locator('time').evaluate((n) =>
      new Date(n.getAttribute('datetime') ?? '').toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'medium',
      }),
    );
    expect(shown).toBe(expected);
    await shot(admin, 'tab');
  });

  it('shows a record’s details on demand, from the keyboard', async () => {
    const first = entries().nth(0);
    const summary = first.locator('summary');
    await expect.poll(() => first.locator('details').getAttribute('open')).toBeNull();
    await summary.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(() => first.locator('details').getAttribute('open')).toBe('');
    const text = (await first.locator('details').textContent()) ?? '';
    expect(text).toContain('"soldHoldSeconds": 7');
    expect(text).toContain(show.id);
    await shot(admin, 'details');
    await admin.keyboard.press('Enter');
    await expect.poll(() => first.locator('details').getAttribute('open')).toBeNull();
  });

  it('loads older entries with Load more until the oldest', async () => {
    const total = TOTAL;
    await admin.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries().count()).toBe(total);
    await admin.getByText('That is the oldest entry.').waitFor();
    expect(await admin.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await entries()
      .nth(total - 1)
      .getByText('Created show', { exact: true })
      .waitFor();
    await entries()
      .nth(total - 1)
      .getByRole('link', { name: 'Filler Show' })
      .waitFor();
    await admin
      .getByRole('status')
      .filter({ hasText: `${total} entries shown` })
      .waitFor();
  });

  it('filters by kind of action', async () => {
    const filter = admin.getByLabel('Action', { exact: true });
    await filter.selectOption({ label: 'Payment simulator actions' });
    await expect
      .poll(() => entries().allInnerTexts())
      .toEqual([expect.stringContaining('Cleared payment faults'), expect.stringContaining('Injected payment fault')]);
    await shot(admin, 'filtered');
    await filter.selectOption({ label: 'Purchase actions' });
    await admin.getByText('No actions of this kind recorded yet.').waitFor();
    await filter.selectOption({ label: 'Show actions' });
    await expect.poll(() => entries().count()).toBe(20);
    const texts = await entries().allInnerTexts();
    expect(texts.every((t) => /show|item/i.test(t) && !/payment/i.test(t))).toBe(true);
    // Back to every action: the pages loaded before are still there.
    await filter.selectOption({ label: 'All actions' });
    await expect.poll(() => entries().count()).toBe(TOTAL);
  });

  it('reads as cards on a 375 px phone, without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.reload();
    await admin.getByRole('tab', { name: 'Audit Log' }).click();
    await expect.poll(() => entries().count()).toBe(20);
    await expectNoOverflow(admin);
    const first = entries().nth(0);
    await first.locator('summary').click();
    await first.getByText('"soldHoldSeconds": 7').waitFor();
    await expectNoOverflow(admin);
    // Stacked: the action above the time, not beside it.
    const action = await first.getByText('Edited show', { exact: true }).boundingBox();
    const time = await first.locator('time').boundingBox();
    expect(action && time && time.y > action.y).toBe(true);
    await shot(admin, 'phone');
    await first.scrollIntoViewIfNeeded();
    await shot(admin, 'phone-screen', false);
    await admin.getByRole('button', { name: 'Load more' }).click();
    await admin.getByText('That is the oldest entry.').waitFor();
    await expectNoOverflow(admin);
    await admin.getByRole('tab', { name: 'Audit Log' }).scrollIntoViewIfNeeded();
    await shot(admin, 'phone-filter', false);
    await admin.setViewportSize({ width: 1280, height: 900 });
  });
});
