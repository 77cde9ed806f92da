import { DEFAULT_KNIFE_FACTS, type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, logInAdmin, SOCKET_IO } from './support/browser-helpers';

const FIVE_MINUTES = 5 * 60_000;

/** "m:ss" → seconds. */
const seconds = (text: string) => {
  const [m, s] = text.trim().split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};

describe('the live show in Chromium: server-timed countdowns, push with polling fallback', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let socketCut = false;

  const api = (path: string, body?: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const r = await fetch(p as string, {
          method: b === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json' },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return r.json();
      },
      [path, body] as const,
    );

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // This device's clock is 5 minutes fast.
    await context.addInitScript((shift: number) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + shift;
    }, FIVE_MINUTES);
    page = await context.newPage();
    // Lets the test cut the socket — both of Socket.IO's transports, and nothing else — as a
    // flaky mobile network would.
    await page.routeWebSocket(SOCKET_IO, (ws) => {
      if (socketCut) return ws.close();
      ws.connectToServer();
    });
    await page.route(SOCKET_IO, (route) => (socketCut ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, page);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('counts down by the server clock even when the device clock is 5 minutes off', async () => {
    const show = await api('/api/shows', {
      title: 'Clock check',
      perKnifeSeconds: 120,
      intermissionSeconds: 5,
      prerollSeconds: 0,
    });
    await api('/api/show-items', {
      showId: show.id,
      title: 'Timed Knife',
      price: '50',
      imageUrls: ['/media/knives/raven-tanto-1.svg'],
      ...DEFAULT_KNIFE_FACTS,
    });
    await page.goto(`${app.baseUrl}/show`);
    await page.getByText('Live', { exact: true }).or(connectionStatus(page, 'Live')).first().waitFor();
    await api('/api/show/start', { showId: show.id });
    await page.getByRole('heading', { name: 'Timed Knife' }).waitFor();
    const remaining = page.getByText('Time Remaining').locator('..').locator('span').last();
    const first = seconds((await remaining.textContent()) ?? '');
    expect(first).toBeGreaterThan(110);
    expect(first).toBeLessThanOrEqual(120);
    await page.waitForTimeout(2100);
    const later = seconds((await remaining.textContent()) ?? '');
    expect(first - later).toBeGreaterThanOrEqual(1);
    expect(first - later).toBeLessThanOrEqual(3);
  });

  it('keeps updating by polling when the socket is cut, and goes live again when it returns', async () => {
    socketCut = true;
    // Drop the current socket: reload with the socket route refusing connections.
    await page.reload();
    await connectionStatus(page, 'Reconnecting…').waitFor();
    await page.getByRole('heading', { name: 'Timed Knife' }).waitFor();

    const shows = await api('/api/shows');
    await api('/api/show/reset', { showId: shows[0].id });
    // Only polling can bring this change: the socket is down.
    await page.getByRole('heading', { name: 'The Vault is Closed' }).waitFor({ timeout: 5000 });

    socketCut = false;
    await connectionStatus(page, 'Live').waitFor({ timeout: 15_000 });
    await api('/api/show/start', { showId: shows[0].id });
    await page.getByRole('heading', { name: 'Timed Knife' }).waitFor({ timeout: 5000 });
  });
});
