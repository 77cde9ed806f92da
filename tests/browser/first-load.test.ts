import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, logIn as apiLogIn, startLiveShow } from '../../bench/bench-app';
import { onboardMember } from './support/browser-helpers';

// What a phone does in the first second, in Chromium against the built app: the splash screen is
// painted from the HTML alone; the session (and, at /show, the show's state) is read by
// index.html's own script while the app's code downloads, and the app takes those answers instead
// of asking again; /show's code is preloaded by its document beside the first script; and the
// strict CSP lets exactly that inline script run.

const SHOTS = '/tmp/shots';

interface Loaded {
  /** Every request of the load, in order: URL path and how it was started (parser, script, …). */
  requests: { path: string; initiator: string }[];
  consoleErrors: string[];
}

async function load(page: Page, context: BrowserContext, url: string, until: () => Promise<void>): Promise<Loaded> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests: Loaded['requests'] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const { pathname, search } = new URL(event.request.url);
    requests.push({
      path: pathname + (pathname.startsWith('/socket.io') ? '' : search),
      initiator: event.initiator.type,
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(url);
  await until();
  await cdp.detach();
  return { requests, consoleErrors };
}

describe('the first load of a screen', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    const admin = apiClient(app.baseUrl, await apiLogIn(app.baseUrl, app.adminEmail, app.adminPassword));
    await startLiveShow(admin, { title: 'First Load Night', perKnifeSeconds: 900, prerollSeconds: 0 }, [
      { title: 'Raven Tanto', price: '340.00', imageUrls: ['/media/knives/raven-tanto-1.svg'] },
    ]);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('paints the splash screen from the HTML alone, before any of the app’s code has run', async () => {
    const bare = await context.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(`${app.baseUrl}/login`);
    const splash = bare.getByRole('status');
    await splash.waitFor();
    expect((await splash.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Vault Opening the Vault');
    expect(await bare.locator('#root svg').boundingBox()).toMatchObject({ width: 56, height: 56 });
    await bare.screenshot({ path: `${SHOTS}/first-load-splash-375.png` });
    await bare.close();
  });

  it('reads the session once, with the page, and shows /login signed out with no CSP refusal', async () => {
    const loaded = await load(page, context, `${app.baseUrl}/login`, () =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    const sessionReads = loaded.requests.filter((r) => r.path === '/api/auth/user');
    expect(sessionReads).toEqual([{ path: '/api/auth/user', initiator: 'script' }]);
    expect(loaded.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    // The login screen's code came with its document, from the parser, not after the app had run.
    const preloaded = loaded.requests.filter((r) => r.path.startsWith('/assets/') && r.initiator === 'parser');
    expect(preloaded.length).toBeGreaterThan(1);
  });

  it('opens /show with the state read with the page and the show’s code preloaded by its document', async () => {
    await onboardMember(app, page, 'first-load@example.com');
    const fresh = await context.newPage();
    const loaded = await load(fresh, context, `${app.baseUrl}/show`, () =>
      fresh.getByRole('heading', { name: 'Raven Tanto' }).waitFor(),
    );
    const paths = loaded.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/api/auth/user')).toHaveLength(1);
    // One state read (index.html's): the screen painted from it, and the socket brought the rest.
    expect(paths.filter((p) => p === '/api/show/state')).toHaveLength(1);
    const documentScripts = loaded.requests.filter((r) => r.path.startsWith('/assets/') && r.initiator === 'parser');
    const html = await (await fetch(`${app.baseUrl}/show`)).text();
    const preloads = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const href of preloads) expect(documentScripts.map((r) => r.path)).toContain(href);
    // Preloaded means fetched once: the app's own import of the screen took the preloaded copy.
    for (const href of preloads)
      expect(
        paths.filter((p) => p === href),
        href,
      ).toHaveLength(1);
    expect(loaded.consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await fresh.screenshot({ path: `${SHOTS}/first-load-show-375.png` });
    await fresh.close();
  });
});
