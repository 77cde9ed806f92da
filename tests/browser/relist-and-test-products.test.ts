import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminPurchase, AdminShow, AdminTestProduct, BuyResponse, ShowStateView } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInAdmin, onboardMember, toastText } from './support/browser-helpers';
import { createShow, expectNoOverflow, tabTo } from './support/member-helpers';

// Inventory housekeeping as an admin does it: a voided sale's knife relisted from the purchases
// dialog into another show's lineup, and $1 test products added, edited and deleted in their tab
// while a member watches the grid on /show.

const SHOTS = '/tmp/shots18';
mkdirSync(SHOTS, { recursive: true });

/** The page at 375 px and at 1280 px (nothing may stick out sideways at 375), then back. */
async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    if (width === 375) await expectNoOverflow(page);
    await page.screenshot({ path: path.join(SHOTS, `relist-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

const KNIFE = 'Phoenix Tanto';
const SOURCE = 'Relist Source';
const TARGET = 'Relist Target';

describe('relisting and test products in Chromium', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let member: Page;
  let target: AdminShow;

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    member = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await Promise.all([
      onboardMember(app, member, 'rhea@example.com'),
      (async () => {
        await admin.goto(`${app.baseUrl}/login`);
        await logInAdmin(app, admin);
      })(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('relists a voided sale into another show from the purchases dialog; it ends that lineup', async () => {
    // Set-up through the API: a one-knife show runs, the member buys the knife, the admin voids it.
    const timings = { perKnifeSeconds: 120, intermissionSeconds: 0, prerollSeconds: 0 };
    const source = await createShow(admin, SOURCE, timings, [
      { title: KNIFE, price: '240.00', images: ['/media/knives/raven-tanto-1.svg'] },
    ]);
    target = await createShow(admin, TARGET, timings, [
      { title: 'Opening Act', price: '90.00', images: ['/media/knives/raven-tanto-2.svg'] },
    ]);
    expect((await api(admin, 'POST', '/api/show/start', { showId: source.id })).status).toBe(200);
    let itemId: string | undefined;
    await expect
      .poll(async () => {
        itemId = (await api<ShowStateView>(member, 'GET', '/api/show/state')).body.currentItem?.id;
        return itemId;
      })
      .toBeTruthy();
    const bought = await api<BuyResponse>(member, 'POST', '/api/show/buy', { showItemId: itemId });
    expect(bought.status).toBe(200);
    const voided = await api<AdminPurchase>(admin, 'POST', `/api/purchases/${bought.body.purchase.id}/void`, {});
    expect(voided.body.status).toBe('voided');
    expect((await api(admin, 'POST', '/api/show/reset', { showId: source.id })).status).toBe(200);

    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('region', { name: SOURCE }).getByRole('button', { name: 'Purchases' }).click();
    const purchases = admin.getByRole('dialog', { name: 'Purchases' });
    const row = purchases.getByRole('listitem').filter({ hasText: KNIFE });
    await row.getByText('voided').waitFor();
    await row.getByRole('button', { name: `Relist ${KNIFE}` }).click();

    const dialog = admin.getByRole('dialog', { name: 'Relist Item' });
    await dialog.getByRole('radio', { name: /Into a show/ }).waitFor();
    expect(await dialog.getByRole('radio', { name: /Into a show/ }).isChecked()).toBe(true);
    // Only shows that can take an item are offered (none is live now: both are).
    const options = await dialog.getByLabel('Show', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Select a show', SOURCE, TARGET]));
    await dialog.getByRole('button', { name: 'Relist Item' }).click();
    await dialog.getByText('Show selection is required').waitFor();
    await shots(admin, 'dialog-error');

    // The other target, from the keyboard: an arrow key moves the radio choice.
    await dialog.getByRole('radio', { name: /Into a show/ }).focus();
    await admin.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /As a test product/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Price (optional)').fill('0');
    await dialog.getByRole('button', { name: 'Relist Item' }).click();
    await dialog.getByText('Price must be a positive number').waitFor();
    await dialog.getByRole('radio', { name: /As a test product/ }).focus();
    await admin.keyboard.press('ArrowUp');
    expect(await dialog.getByRole('radio', { name: /Into a show/ }).isChecked()).toBe(true);

    await dialog.getByLabel('Show', { exact: true }).selectOption({ label: TARGET });
    await shots(admin, 'dialog');
    await dialog.getByRole('button', { name: 'Relist Item' }).click();
    expect(await toastText(admin, 'Item relisted')).toContain(`${KNIFE} joined the lineup of ${TARGET}`);
    await expect.poll(() => dialog.count()).toBe(0);
    await row.getByText('Relisted', { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('button', { name: `Relist ${KNIFE}` }).count()).toBe(0);
    await shots(admin, 'purchases-relisted');
    await purchases.getByRole('button', { name: 'Close' }).click();

    // The knife is last in the target's lineup, queued; the old sale stays voided in its show.
    const lineup = admin.getByRole('list', { name: `Lineup of ${TARGET}` }).getByRole('listitem');
    await expect.poll(() => lineup.count()).toBe(2);
    expect(await lineup.nth(1).textContent()).toContain(KNIFE);
    expect(await lineup.nth(1).textContent()).toContain('queued');
    const shows = (await api<AdminShow[]>(admin, 'GET', '/api/shows')).body;
    expect(shows.find((s) => s.id === target.id)?.lineup.map((i) => [i.title, i.price])).toEqual([
      ['Opening Act', '90.00'],
      [KNIFE, '240.00'],
    ]);
    const history = (await api<AdminPurchase[]>(admin, 'GET', `/api/shows/${source.id}/purchases`)).body;
    expect(history).toEqual([expect.objectContaining({ status: 'voided', relistedItemId: expect.any(String) })]);
  });

  it('adds, edits and deletes a test product in its tab; the member’s grid follows', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    // To the tab from the keyboard: Radix tabs move with the arrow keys.
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.keyboard.press('ArrowRight');
    const tab = admin.getByRole('tab', { name: 'Test Products' });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await admin.getByText('No test products yet. Add one for members to try a purchase.').waitFor();
    await member.goto(`${app.baseUrl}/show`);
    await member.getByText('No test products available at this time.').waitFor();

    await tabTo(admin, 'Add Test Product');
    await admin.keyboard.press('Enter');
    const add = admin.getByRole('dialog', { name: 'Add Test Product' });
    expect(await add.getByLabel('Price').inputValue()).toBe('1.00');
    await add.getByLabel('Price').fill('0');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await add.getByText('Name is required', { exact: true }).waitFor();
    await add.getByText('Price must be a positive number').waitFor();
    await add.getByText('Choose a legal class').waitFor();
    const imageUrl = add.getByLabel('Image URL', { exact: true });
    // The typed text is in the field (and so in the list's state) before Add reads it. Typed again
    // if it is not: in about one full-suite run in ten the field came back empty after the fill
    // (cause not found yet), and this step is about the message.
    await expect
      .poll(
        async () => {
          if ((await imageUrl.inputValue()) !== 'trainer.png') await imageUrl.fill('trainer.png');
          return imageUrl.inputValue();
        },
        { timeout: 15_000 },
      )
      .toBe('trainer.png');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.getByText('Please enter a valid image URL').waitFor();
    await shots(admin, 'add-errors');

    await add.getByLabel('Name').fill('Trainer Blade');
    await add.getByLabel('Description').fill('A blunt trainer to try a checkout.');
    await add.getByLabel('Price').fill('1');
    await add.getByLabel('Category').fill('Trainer');
    await add.getByLabel('Legal class').selectOption('gear');
    await add.getByLabel('Blade length (in)').fill('0');
    await add.getByLabel('Image URL', { exact: true }).fill('/media/knives/raven-tanto-1.svg');
    await add.getByLabel('Image URL', { exact: true }).press('Enter');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await toastText(admin, 'Test product created');
    await expect.poll(() => add.count()).toBe(0);
    const card = admin
      .getByRole('list', { name: 'Test products' })
      .getByRole('listitem')
      .filter({ hasText: 'Trainer' });
    await card.getByText('$1.00').waitFor();
    await card.getByText('available').waitFor();
    await shots(admin, 'tab');

    await member.reload();
    await member.getByRole('button', { name: 'View Trainer Blade' }).waitFor();
    await member.getByText('A blunt trainer to try a checkout.').waitFor();

    await card.getByRole('button', { name: 'Edit Trainer Blade' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Test Product' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Trainer Blade');
    await edit.getByLabel('Name').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Name is required', { exact: true }).waitFor();
    await edit.getByLabel('Name').fill('Trainer Blade II');
    await edit.getByLabel('Price').fill('2');
    await edit.getByLabel('Description').fill('');
    await shots(admin, 'edit');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(admin, 'Test product updated');
    await card.getByText('Trainer Blade II').waitFor();
    await card.getByText('$2.00').waitFor();
    const products = (await api<AdminTestProduct[]>(admin, 'GET', '/api/admin/test-products')).body;
    expect(products).toEqual([
      expect.objectContaining({ title: 'Trainer Blade II', price: '2.00', description: null, category: 'Trainer' }),
    ]);

    await member.reload();
    await member.getByRole('button', { name: 'View Trainer Blade II' }).waitFor();
    await member.getByText('$2.00').waitFor();
    await expect.poll(() => member.getByText('A blunt trainer to try a checkout.').count()).toBe(0);

    await card.getByRole('button', { name: 'Delete Trainer Blade II' }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByText('Delete Trainer Blade II? Members can no longer buy it.', { exact: false }).waitFor();
    await shots(admin, 'delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastText(admin, 'Test product deleted');
    await admin.getByText('No test products yet. Add one for members to try a purchase.').waitFor();

    await member.reload();
    await member.getByText('No test products available at this time.').waitFor();
    await expectNoOverflow(member);
  });
});
