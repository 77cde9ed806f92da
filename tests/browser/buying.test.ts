import { buyMessages } from '@vault/contracts';
import { DEFAULT_KNIFE_FACTS, type EmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, toastText } from './support/browser-helpers';
import {
  api,
  closeBuyingScene,
  countBuys,
  currentItemId,
  handleGeometry,
  holdBuys,
  type SentBuy,
  shot,
  startBuyingScene,
  waitLive,
} from './support/buying-scene';

// Buying in the browser: a live item sold once over the live socket (or over HTTP when the socket
// is down, or raced over both), the Already Sold answer, and $1 test products bought by swipe or
// keyboard, declined, or refused to a member who has not finished onboarding.

describe('buying in Chromium: live items, $1 test products, swipe and keyboard confirm', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let admin: Page;
  let memberA: Page;
  let memberB: Page;
  /** A member whose Socket.IO link never comes up: the page polls, and buys over HTTP. */
  let memberC: Page;
  let declined: Page;
  let newcomer: Page;
  let liveShowId = '';
  let buysA: SentBuy[] = [];
  let buysB: SentBuy[] = [];
  let buysC: SentBuy[] = [];

  beforeAll(async () => {
    ({ app, browser, contexts, admin, memberA, memberB, memberC, declined, newcomer, buysA, buysB, buysC } =
      await startBuyingScene());
  });
  // Whatever started, stops (a failed start has already stopped its own).
  afterAll(() => closeBuyingScene({ contexts, browser, app }));

  it('sells the live item over the live socket to one member, and the other sees SOLD within a second', async () => {
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
      ['Ember Karambit', 'ember-karambit', '380'],
      ['Nomad Bowie', 'nomad-bowie', '520'],
    ] as const) {
      const item = await api(admin, 'POST', '/api/show-items', {
        showId: liveShowId,
        title,
        price,
        category: 'Fixed Blade',
        bladeType: 'Tanto',
        description: 'A test knife for the buying flow.',
        imageUrls: [1, 2, 3].map((n) => `/media/knives/${slug}-${n}.svg`),
        ...DEFAULT_KNIFE_FACTS,
      });
      expect(item.status).toBe(201);
    }
    for (const page of [memberA, memberB, newcomer]) await page.goto(`${app.baseUrl}/show`);
    expect((await api(admin, 'POST', '/api/show/start', { showId: liveShowId })).status).toBe(200);

    const buyA = memberA.getByRole('button', { name: 'Buy Now $450.00' });
    const buyB = memberB.getByRole('button', { name: 'Buy Now $450.00' });
    await buyA.waitFor();
    await buyB.waitFor();
    await waitLive(memberA);
    await waitLive(memberB);
    await newcomer.getByText('Complete onboarding to purchase').waitFor();
    await newcomer.getByRole('link', { name: 'Complete Onboarding' }).waitFor();
    await shot(memberA, 'live-buy-now');
    await shot(memberB, 'live-buy-now');

    // A double tap sends one buy, over the live socket: no HTTP request.
    await buyA.dblclick();
    expect(await toastText(memberA, 'Purchase Successful!')).toContain(
      "You've successfully purchased Raven Tanto for $450.00!",
    );
    const soldAt = Date.now();
    await memberA.getByText('You own this item!', { exact: true }).waitFor();
    expect(buysA).toMatchObject([{ via: 'socket' }]);

    await memberB.getByText('SOLD', { exact: true }).waitFor({ timeout: 1000 });
    await buyB.waitFor({ state: 'detached', timeout: Math.max(1, 1000 - (Date.now() - soldAt)) });
    await memberB.getByText('Item Sold!').waitFor();
    expect(await memberB.getByText('You own this item!', { exact: true }).count()).toBe(0);
    await shot(memberA, 'live-sold');
    await shot(memberB, 'live-sold');

    const lateBuy = await api(memberB, 'POST', '/api/show/buy', { showItemId: await currentItemId(memberB) });
    expect(lateBuy.status).toBe(409);
    expect(lateBuy.body.code).toBe('sold');
  });

  it('tells the slower of two buyers, over the live socket, the knife is Already Sold', async () => {
    await memberB.getByRole('button', { name: 'Buy Now $610.00' }).waitFor({ timeout: 15_000 });
    const itemId = await currentItemId(memberB);
    // B again, on a second page whose buy is held until A has bought the knife: A's reaches the
    // server first.
    const slower = await memberB.context().newPage();
    const sent = countBuys(slower);
    await holdBuys(slower, async () => {
      expect((await api(memberA, 'POST', '/api/show/buy', { showItemId: itemId })).status).toBe(200);
    });
    await slower.goto(`${app.baseUrl}/show`);
    await waitLive(slower);
    await slower.getByRole('button', { name: 'Buy Now $610.00' }).click();
    expect(await toastText(slower, 'Already Sold')).toContain(
      'This knife has already been sold to another individual.',
    );
    await slower.getByText('SOLD', { exact: true }).waitFor({ timeout: 1000 });
    expect(sent).toMatchObject([{ via: 'socket' }]);
    await shot(slower, 'live-already-sold');
    await slower.close();
    await memberA.getByText('You own this item!', { exact: true }).waitFor();

    const purchases = await api(memberA, 'GET', '/api/purchases');
    expect(purchases.body).toHaveLength(2);
  });

  it('buys over POST /api/show/buy when the live socket is unavailable', async () => {
    const buyC = memberC.getByRole('button', { name: 'Buy Now $380.00' });
    await buyC.waitFor({ timeout: 15_000 });
    await connectionStatus(memberC, 'Reconnecting…').waitFor();
    await buyC.dblclick();
    expect(await toastText(memberC, 'Purchase Successful!')).toContain(
      "You've successfully purchased Ember Karambit for $380.00!",
    );
    await memberC.getByText('You own this item!', { exact: true }).waitFor();
    expect(buysC).toMatchObject([{ via: 'http' }]);
    await shot(memberC, 'live-bought-over-http');
  });

  it('sells a knife raced over both transports at once exactly once', async () => {
    const buyA = memberA.getByRole('button', { name: 'Buy Now $520.00' });
    const buyC = memberC.getByRole('button', { name: 'Buy Now $520.00' });
    await buyA.waitFor({ timeout: 15_000 });
    await buyC.waitFor({ timeout: 15_000 });
    await waitLive(memberA);
    const itemId = await currentItemId(memberA);
    const [sentA, sentC] = [buysA.length, buysC.length];

    await Promise.all([buyA.click(), buyC.click()]);
    const outcomes = await Promise.all([memberA, memberC].map((page) => toastText(page, /Nomad Bowie|Already Sold/)));
    expect(outcomes.filter((text) => text.includes('Purchase Successful!'))).toHaveLength(1);
    expect(outcomes.filter((text) => text.includes('Already Sold'))).toHaveLength(1);
    expect(buysA.slice(sentA)).toMatchObject([{ via: 'socket' }]);
    expect(buysC.slice(sentC)).toMatchObject([{ via: 'http' }]);

    let owners = 0;
    for (const page of [memberA, memberC]) {
      const purchases = (await api(page, 'GET', '/api/purchases')).body as unknown as Array<{ showItemId: string }>;
      owners += purchases.filter((p) => p.showItemId === itemId).length;
    }
    expect(owners).toBe(1);
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
    // One buy, over the live socket like a live item's, sent after the 200 ms delay.
    expect(buysA.slice(sent)).toMatchObject([{ via: 'socket' }]);
    expect((buysA.at(-1)?.at ?? 0) - crossed).toBeGreaterThanOrEqual(150);
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
    expect(buysB.slice(sent)).toMatchObject([{ via: 'socket' }]);
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
