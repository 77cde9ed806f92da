import type { AdminShipment, BuyResponse, TestProduct } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInAdmin, onboardMember, shotBothWidths, toastText } from './support/browser-helpers';
import { expectNoOverflow } from './support/member-helpers';

// The admin's packing bench in Chromium: two members' purchases wait as two packages (one member
// bought an automatic and a folder, the other a $1 product); the admin prints one's packing slip,
// with and then without prices, and ships the other, refused a tracking number that is not the
// carrier's before anything is sent, then captured and shipped with a good one.
// Screenshots land in <tmp>/shots-fulfillment/<name>-375.png and -1280.png.

const shot = (page: Page, name: string) => shotBothWidths(page, 'shots-fulfillment', name);

const AUTOMATIC = { title: 'Damascus Automatic', price: '349.00', legalClass: 'automatic', bladeLength: '3.5' };
const FOLDER = { title: 'Field Folder', price: '89.50', legalClass: 'manual_folder', bladeLength: '2.75' };
const CLIP = { title: 'Pocket Clip', price: '1.00', legalClass: 'gear', bladeLength: '0' };

describe('the Fulfillment area in Chromium: packages to pack, the packing slip, Mark shipped', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;

  /** The package cards of the open tab (not the item rows inside them). */
  const packages = (): Locator => admin.getByRole('list', { name: 'Packages' }).locator(':scope > li');
  /** The package card of the member with this email. */
  const packageOf = (email: string): Locator => packages().filter({ hasText: email });

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    const page = async (width: number) =>
      (await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } })).newPage();
    admin = await page(1280);
    const ada = await page(375);
    const bob = await page(375);
    await admin.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, admin);
    for (const product of [AUTOMATIC, FOLDER, CLIP]) {
      const created = await api(admin, 'POST', '/api/admin/test-products', { ...product, imageUrls: [] });
      expect(created.status).toBe(201);
    }
    await Promise.all([onboardMember(app, ada, 'ada@example.com'), onboardMember(app, bob, 'bob@example.com')]);
    const products = (await api<TestProduct[]>(ada, 'GET', '/api/test-products')).body;
    const buy = async (member: Page, title: string) => {
      const showItemId = products.find((product) => product.title === title)?.id;
      expect((await api<BuyResponse>(member, 'POST', '/api/show/buy', { showItemId })).status).toBe(200);
    };
    await buy(ada, AUTOMATIC.title);
    await buy(ada, FOLDER.title);
    await buy(bob, CLIP.title);
    await ada.context().close();
    await bob.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists one package per member to pack, with items, classes, prices and only the carriers they allow', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('navigation', { name: 'Admin screens' }).getByRole('link', { name: 'Fulfillment' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/fulfillment`);
    await expect.poll(() => packages().count()).toBe(2);

    const ada = packageOf('ada@example.com');
    const text = (await ada.textContent()) ?? '';
    for (const expected of [
      'Test products',
      'Damascus Automatic',
      'Automatic (side-opener) · 3.50 in',
      'Field Folder',
      'Manual folder · 2.75 in',
      '$349.00',
      '$89.50',
      '$438.50',
      'Ship by',
    ]) {
      expect(text).toContain(expected);
    }
    // USPS does not carry automatics: the package's carriers leave it out.
    const carriers = await ada.getByLabel('Carrier').locator('option').allTextContents();
    expect(carriers).not.toContain('USPS');
    expect(carriers.length).toBeGreaterThan(0);
    expect(await packageOf('bob@example.com').getByLabel('Carrier').locator('option').allTextContents()).toContain(
      'USPS',
    );
    await shot(admin, 'to-pack');
    await admin.setViewportSize({ width: 375, height: 812 });
    await expectNoOverflow(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('prints a packing slip in a tab of its own, with prices or without, the choice remembered', async () => {
    const ada = packageOf('ada@example.com');
    const [slip] = await Promise.all([
      admin.context().waitForEvent('page'),
      ada.getByRole('link', { name: /^Packing slip/ }).click(),
    ]);
    await slip.getByRole('article', { name: 'Packing slip' }).waitFor();
    const shipments = (await api<AdminShipment[]>(admin, 'GET', '/api/admin/shipments?status=processing')).body;
    const shipment = shipments.find((each) => each.member.email === 'ada@example.com');
    expect(slip.url()).toBe(`${app.baseUrl}/admin/fulfillment/${shipment?.id}/slip`);
    const page = async () => (await slip.getByRole('article', { name: 'Packing slip' }).textContent()) ?? '';
    const withPrices = await page();
    for (const expected of [
      'The Vault',
      `Package ${shipment?.id.slice(0, 8)}`,
      'ada@example.com',
      ...(shipment?.items.map((item) => item.orderNumber) ?? []),
      'Automatic (side-opener) · 3.50 in',
      '$349.00',
      'Total$438.50',
    ]) {
      expect(withPrices).toContain(expected);
    }
    await shot(slip, 'slip');

    await slip.getByLabel('Show prices').uncheck();
    expect(await page()).not.toContain('$');
    await slip.reload();
    await slip.getByRole('article', { name: 'Packing slip' }).waitFor();
    expect(await slip.getByLabel('Show prices').isChecked()).toBe(false);
    expect(await page()).not.toContain('$');
    // On paper: the slip alone (no checkbox, no Print button).
    await slip.emulateMedia({ media: 'print' });
    expect(await slip.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(slip, 'slip-print');
    await slip.close();
  });

  it('refuses a tracking number that is not the carrier’s before sending it, then ships: captured at that moment', async () => {
    const shipCalls: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/ship')) shipCalls.push(request.url());
    });
    const bob = packageOf('bob@example.com');
    await bob.getByLabel('Carrier').selectOption({ label: 'UPS' });
    expect(await bob.getByLabel('Service').inputValue()).toBe('UPS Ground');
    await bob.getByLabel('Tracking number').fill('1Z999AA10123456785');
    await bob.getByRole('button', { name: 'Mark shipped' }).click();
    await bob.getByText('That is not a UPS tracking number (for example 1Z999AA10123456784)').waitFor();
    expect(shipCalls).toEqual([]);
    await shot(admin, 'tracking-refused');

    await bob.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await bob.getByRole('button', { name: 'Mark shipped' }).click();
    expect(await toastText(admin, 'Package shipped')).toContain('UPS 1Z999AA10123456784');
    expect(shipCalls).toHaveLength(1);
    await expect.poll(() => packages().count()).toBe(1);

    const shipped = (await api<AdminShipment[]>(admin, 'GET', '/api/admin/shipments?status=shipped')).body;
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.items.map((item) => [item.status, item.capturedAmount])).toEqual([['completed', '1.00']]);

    await admin.getByRole('tab', { name: 'Shipped' }).click();
    const link = admin.getByRole('link', { name: '1Z999AA10123456784' });
    expect(await link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    await admin.getByRole('button', { name: /^Mark delivered/ }).waitFor();
    await shot(admin, 'shipped');
  });
});
