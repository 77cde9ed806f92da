import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buyMessages } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api as apiCall, logInAdmin, onboardMember, toastText } from './support/browser-helpers';

// Screenshots of each buying state at 375 px (member A) and 1280 px (member B), for a human to
// look at layout regressions that assertions do not catch.
const SHOTS_DIR = path.join(tmpdir(), 'shots-show');
mkdirSync(SHOTS_DIR, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`) });

type Reply = Awaited<ReturnType<typeof apiCall<{ message?: string; id?: string } & Record<string, unknown>>>>;
const api = (page: Page, method: string, path: string, body?: unknown): Promise<Reply> =>
  apiCall(page, method, path, body);

/** Counts POST /api/show/buy requests a page sends. */
function countBuys(page: Page) {
  const sent: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/show/buy')) sent.push(Date.now());
  });
  return sent;
}

describe('buying in Chromium: live items, $1 test products, swipe and keyboard confirm', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let memberA: Page;
  let memberB: Page;
  let declined: Page;
  let newcomer: Page;
  let liveShowId = '';
  let buysA: number[] = [];
  let buysB: number[] = [];

  const newPage = async (width: number, height: number) => {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    // The demo seed brings four $1 test products (and a demo show, which the admin unschedules).
    app = await startEmbeddedApp();
    browser = await launchChromium();
    admin = await newPage(1280, 800);
    memberA = await newPage(375, 812);
    memberB = await newPage(1280, 800);
    declined = await newPage(375, 812);
    newcomer = await newPage(375, 812);
    buysA = countBuys(memberA);
    buysB = countBuys(memberB);

    await admin.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, admin);
    // Test products are not sold while a live show runs: keep the demo show from launching mid-test.
    const shows = await api(admin, 'GET', '/api/shows');
    for (const show of shows.body as unknown as Array<{ id: string }>) {
      await api(admin, 'PATCH', `/api/shows/${show.id}/schedule`, {
        launchTime: new Date(Date.now() + 86_400_000).toISOString(),
        status: 'idle',
      });
    }

    await Promise.all([
      onboardMember(app, memberA, 'a@example.com', '4111111111111111'),
      onboardMember(app, memberB, 'b@example.com', '4111111111111111'),
      // Validation passes with this card; every charge on it is declined.
      onboardMember(app, declined, 'declined@example.com', '4000000000000341'),
    ]);
    await newcomer.goto(app.baseUrl);
    const registered = await api(newcomer, 'POST', '/api/auth/register', {
      firstName: 'New',
      lastName: 'Comer',
      email: 'new@example.com',
      password: 'sharp-edges-99',
    });
    expect(registered.status).toBeLessThan(300);
    await api(newcomer, 'POST', '/api/auth/login', { email: 'new@example.com', password: 'sharp-edges-99' });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  it('sells the live item to one member, and the other sees SOLD within a second, without a reload', async () => {
    const show = await api(admin, 'POST', '/api/shows', {
      title: 'Buying check',
      perKnifeSeconds: 120,
      intermissionSeconds: 1,
      prerollSeconds: 0,
    });
    liveShowId = show.body.id ?? '';
    for (const [title, slug, price] of [
      ['Raven Tanto', 'raven-tanto', '450'],
      ['Specter Dagger', 'specter-dagger', '610'],
    ] as const) {
      const item = await api(admin, 'POST', '/api/show-items', {
        showId: liveShowId,
        title,
        price,
        category: 'Fixed Blade',
        bladeType: 'Tanto',
        description: 'A test knife for the buying flow.',
        imageUrls: [1, 2, 3].map((n) => `/media/knives/${slug}-${n}.svg`),
      });
      expect(item.status).toBe(201);
    }
    for (const page of [memberA, memberB, newcomer]) await page.goto(`${app.baseUrl}/show`);
    expect((await api(admin, 'POST', '/api/show/start', { showId: liveShowId })).status).toBe(200);

    const buyA = memberA.getByRole('button', { name: 'Buy Now $450.00' });
    const buyB = memberB.getByRole('button', { name: 'Buy Now $450.00' });
    await buyA.waitFor();
    await buyB.waitFor();
    await newcomer.getByText('Complete onboarding to purchase').waitFor();
    await newcomer.getByRole('link', { name: 'Complete Onboarding' }).waitFor();
    await shot(memberA, 'live-buy-now');
    await shot(memberB, 'live-buy-now');

    // A double tap sends one request.
    await buyA.dblclick();
    expect(await toastText(memberA, 'Purchase Successful!')).toContain(
      "You've successfully purchased Raven Tanto for $450.00!",
    );
    const soldAt = Date.now();
    await memberA.getByText('You own this item!', { exact: true }).waitFor();
    expect(buysA).toHaveLength(1);

    await memberB.getByText('SOLD', { exact: true }).waitFor({ timeout: 1000 });
    await buyB.waitFor({ state: 'detached', timeout: Math.max(1, 1000 - (Date.now() - soldAt)) });
    await memberB.getByText('Item Sold!').waitFor();
    expect(await memberB.getByText('You own this item!', { exact: true }).count()).toBe(0);
    await shot(memberA, 'live-sold');
    await shot(memberB, 'live-sold');

    const lateBuy = await api(memberB, 'POST', '/api/show/buy', { showItemId: await currentItemId(memberB) });
    expect(lateBuy.status).toBe(409);
    expect(lateBuy.body.message).toMatch(/sold/i);
  });

  it('tells the slower of two buyers the knife is Already Sold', async () => {
    const buyB = memberB.getByRole('button', { name: 'Buy Now $610.00' });
    await buyB.waitFor({ timeout: 15_000 });
    const itemId = await currentItemId(memberB);
    // A's request reaches the server first: B's press is held until A has bought the knife.
    await memberB.route('**/api/show/buy', async (route) => {
      expect((await api(memberA, 'POST', '/api/show/buy', { showItemId: itemId })).status).toBe(200);
      await route.continue();
    });
    await buyB.click();
    expect(await toastText(memberB, 'Already Sold')).toContain(
      'This knife has already been sold to another individual.',
    );
    await memberB.getByText('SOLD', { exact: true }).waitFor({ timeout: 1000 });
    await memberB.unroute('**/api/show/buy');
    await memberA.getByText('You own this item!', { exact: true }).waitFor();

    const purchases = await api(memberA, 'GET', '/api/purchases');
    expect(purchases.body).toHaveLength(2);
    expect((await api(admin, 'POST', '/api/show/reset', { showId: liveShowId })).status).toBe(200);
  });

  it('buys a $1 test product by swiping past 90% of the track, after a 200 ms delay', async () => {
    await memberA.getByRole('heading', { name: 'The Vault is Closed' }).waitFor();
    await memberA.getByRole('button', { name: 'View Field Keychain Knife' }).waitFor();
    await shot(memberA, 'closed-grid');
    await memberA.getByRole('button', { name: 'View Field Keychain Knife' }).click();
    const dialog = memberA.getByRole('dialog', { name: 'Field Keychain Knife' });
    await dialog
      .getByText('This is a $1 test product. Your saved payment method will be charged upon confirmation.')
      .waitFor();
    const slider = dialog.getByRole('slider', { name: 'Swipe to Buy $1.00' });
    const sent = buysA.length;

    // Released at half way, the handle goes back and nothing is bought.
    const { x, y, travel } = await handleGeometry(slider);
    await memberA.mouse.move(x, y);
    await memberA.mouse.down();
    await memberA.mouse.move(x + travel * 0.5, y, { steps: 8 });
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(45);
    await shot(memberA, 'dialog-mid-swipe');
    await memberA.mouse.up();
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0');
    // It slides back rather than jumping: wait until it is home before grabbing it again.
    await expect.poll(async () => (await handleGeometry(slider)).x).toBeCloseTo(x, 0);
    expect(buysA.length).toBe(sent);

    await memberA.mouse.move(x, y);
    await memberA.mouse.down();
    await memberA.mouse.move(x + travel * 0.95, y, { steps: 12 });
    const crossed = Date.now();
    await dialog.getByText('Processing...').waitFor();
    await memberA.mouse.up();
    await dialog.getByText('Purchase Confirmed!').waitFor();
    expect(buysA.length).toBe(sent + 1);
    expect((buysA.at(-1) ?? 0) - crossed).toBeGreaterThanOrEqual(150);
    expect(await toastText(memberA, 'Purchase Successful!')).toContain(
      "You've successfully purchased Field Keychain Knife for $1.00!",
    );
    await shot(memberA, 'dialog-confirmed');

    // Sold once, it leaves the grid.
    await memberA.keyboard.press('Escape');
    await memberA.getByRole('button', { name: 'View Field Keychain Knife' }).waitFor({ state: 'detached' });
  });

  it('buys another test product from the keyboard', async () => {
    await memberB.getByRole('button', { name: 'View Pocket Sharpening Stone' }).waitFor();
    await shot(memberB, 'closed-grid');
    await memberB.getByRole('button', { name: 'View Pocket Sharpening Stone' }).click();
    const dialog = memberB.getByRole('dialog', { name: 'Pocket Sharpening Stone' });
    const slider = dialog.getByRole('slider', { name: 'Swipe to Buy $1.00' });
    const sent = buysB.length;

    const { x, y, travel } = await handleGeometry(slider);
    await memberB.mouse.move(x, y);
    await memberB.mouse.down();
    await memberB.mouse.move(x + travel * 0.6, y, { steps: 8 });
    await shot(memberB, 'dialog-mid-swipe');
    await memberB.mouse.up();
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0');

    await slider.focus();
    await memberB.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('10');
    await memberB.keyboard.press('Enter');
    await dialog.getByText('Purchase Confirmed!').waitFor();
    expect(await toastText(memberB, 'Purchase Successful!')).toContain(
      "You've successfully purchased Pocket Sharpening Stone for $1.00!",
    );
    expect(buysB.length).toBe(sent + 1);
  });

  it('shows Purchase Failed with the server message when the card is declined, and lets the member try again', async () => {
    await declined.getByRole('button', { name: 'View EDC Canvas Pouch' }).click();
    const dialog = declined.getByRole('dialog', { name: 'EDC Canvas Pouch' });
    const slider = dialog.getByRole('slider', { name: 'Swipe to Buy $1.00' });
    await slider.focus();
    await declined.keyboard.press('Enter');
    expect(await toastText(declined, 'Purchase Failed')).toContain(buyMessages.declined);
    // Back to idle, ready for another go.
    await dialog.getByText('Swipe to Buy $1.00').waitFor();
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    expect(await api(declined, 'GET', '/api/purchases')).toMatchObject({ status: 200, body: [] });
  });

  it('asks a member who has not finished onboarding to do so instead of offering the swipe', async () => {
    await newcomer.goto(`${app.baseUrl}/show`);
    await newcomer.getByRole('button', { name: 'View Blade Oil Vial' }).click();
    const dialog = newcomer.getByRole('dialog', { name: 'Blade Oil Vial' });
    await dialog.getByRole('link', { name: 'Complete Onboarding' }).click();
    await newcomer.waitForURL(`${app.baseUrl}/onboarding`);
  });
});

/** The current item's id, as the page's own show state has it. */
async function currentItemId(page: Page): Promise<string> {
  const state = await api(page, 'GET', '/api/show/state');
  const item = state.body.currentItem as { id: string } | null;
  return item?.id ?? '';
}

/** The handle's centre and how far it can travel along its rail. */
async function handleGeometry(slider: Locator) {
  const box = await slider.boundingBox();
  const railWidth = await slider.evaluate((el) => el.parentElement?.clientWidth ?? 0);
  if (!box) throw new Error('the swipe handle is not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, travel: railWidth - box.width };
}
