import { mkdirSync } from 'node:fs';
import { type EmbeddedApp, eventually, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The installable vault in Chromium, against the built app: the web manifest as Chromium parses
// it, the service worker taking control, what it keeps (never an API answer), and the offline page
// when the network is cut, which comes back to the app by itself.

const SHOTS = '/tmp/shots';

describe('the installable vault: manifest, service worker, offline page', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startEmbeddedApp();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('serves a web manifest Chromium reads without errors, for an app that can be installed', async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const fields = JSON.parse(manifest.data ?? '{}');
    expect(fields).toMatchObject({
      name: 'Vault',
      short_name: 'Vault',
      start_url: '/show',
      scope: '/',
      display: 'standalone',
      theme_color: '#0c0c0e',
      background_color: '#0c0c0e',
    });
    expect(fields.description).toMatch(/knives/);
    expect(fields.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    // Every icon is served, a PNG of the size it claims.
    for (const icon of [...fields.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const size = await page.evaluate(async (src: string) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    const installability = await eventually(
      async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        // Chromium reports this one for any Playwright context, which is off the record like incognito.
        const errors = installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
        return errors.length === 0 ? errors : undefined;
      },
      { within: 10_000, every: 250, what: 'no installability errors' },
    );
    expect(installability).toEqual([]);
    await cdp.detach();
  });

  it('runs its service worker, which controls the page after a reload and keeps no API answer', async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.baseUrl}/`);
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.baseUrl}/sw.js`);

    // The page asked the API things (who is signed in, the payment config): none of it is kept.
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/offline.html');
    expect(kept.some((url) => /^\/assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(kept.filter((url) => /^\/(api|socket\.io|sandbox)(\/|$)|^\/(index\.html)?$/.test(url))).toEqual([]);
  });

  it('answers a navigation with the offline page when the network is cut, and comes back by itself', async () => {
    await context.setOffline(true);
    await page.goto(`${app.baseUrl}/show`);
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/show');
    expect(await page.textContent('main')).toContain(
      "The vault needs a connection to show live drops and take your Buy. We'll reconnect as soon as you're back online.",
    );
    // It tries again by itself, and says so.
    await page.getByRole('status').filter({ hasText: 'Trying again…' }).waitFor({ timeout: 10_000 });
    await page.getByRole('status').filter({ hasText: 'Still offline' }).waitFor({ timeout: 10_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/offline-375.png`, fullPage: true });

    // Back online: no tap needed, the page reloads the address asked for (a visitor lands on login).
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0);
  });
});
