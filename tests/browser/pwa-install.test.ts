import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedApp, eventually, launchChromium, repoRoot, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/browser-helpers';

// The installable vault in Chromium, against the built app: the web manifest as Chromium parses
// it, the service worker taking control, what it keeps (never an API answer), the offline page
// when the network is cut, which comes back to the app by itself, and a deploy taken at the next
// navigation but never on the live show page.

const SHOTS = '/tmp/shots';

describe('the installable vault: manifest, service worker, offline page', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The app's own copy of the build, which the update test deploys a new service worker into. */
  let dist: string;

  beforeAll(async () => {
    dist = path.join(mkdtempSync(path.join(tmpdir(), 'vault-pwa-')), 'dist');
    cpSync(path.join(repoRoot, 'apps/web/dist'), dist, { recursive: true });
    app = await startEmbeddedApp({ WEB_DIST: dist });
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
    // Every file of the build, the lazy chunks too: a page open on this build can still load them
    // after a deploy has taken them off the server.
    const built = readdirSync(path.join(dist, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(built.length).toBeGreaterThan(2);
    expect(built.filter((file) => !kept.includes(file))).toEqual([]);
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

  it('takes a new build at the next navigation, never on the live show page, which says one is waiting', async () => {
    const member = { firstName: 'Pia', lastName: 'Watcher', email: 'pia@example.com', password: 'sharp-edges-99' };
    expect((await api(page, 'POST', '/api/auth/register', member)).status).toBeLessThan(300);
    expect((await api(page, 'POST', '/api/auth/login', member)).status).toBe(200);
    await page.goto(`${app.baseUrl}/show`);
    await page.getByRole('link', { name: 'Account' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Gone at any reload of the page: proof that it has or has not reloaded.
    await page.evaluate(() => Object.assign(window, { beforeTheDeploy: true }));
    const stillOldPage = () =>
      page.evaluate(() => (window as { beforeTheDeploy?: boolean }).beforeTheDeploy === true).catch(() => false);

    // A deploy: a new service worker, and pages that say which build they are. The open app looks
    // for a new worker when it comes back into view.
    appendFileSync(path.join(dist, 'sw.js'), '\n// the next build\n');
    // Every document: index.html and the route documents (/account has one).
    const documents = ['index.html', ...readdirSync(path.join(dist, 'routes')).map((file) => `routes/${file}`)];
    // Precompressed copies would be served in place of the edited files.
    for (const file of ['sw.js', ...documents]) {
      for (const ext of ['.br', '.gz']) rmSync(path.join(dist, file + ext), { force: true });
    }
    for (const document of documents) {
      const file = path.join(dist, document);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('<head>', '<head><meta name="vault-build" content="next">'),
      );
    }
    const onNewBuild = () =>
      page.evaluate(() => document.querySelector('meta[name="vault-build"]') !== null).catch(() => false);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByRole('status').filter({ hasText: 'A new version of the vault is ready.' });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('It loads when you leave the show.');
    await notice.getByRole('button', { name: 'Load now' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/update-notice-375.png` });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );
    // The show page stays as it is: no reload while the member watches.
    await page.waitForTimeout(1500);
    expect(await stillOldPage()).toBe(true);
    expect(await onNewBuild()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/show');

    // Leaving the show is the navigation that loads the new build. (Whether the old worker has
    // handed over by then is Chromium's call: one a debugger is attached to, as Playwright's is,
    // stays busy for minutes; the page reloads onto the new build either way.)
    await page.getByRole('link', { name: 'Account' }).click();
    await eventually(async () => !(await stillOldPage()) && (await onNewBuild()), {
      within: 15_000,
      what: 'the page reloaded onto the new build',
    });
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });
});
