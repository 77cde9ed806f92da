import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { socketEvents } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  api as apiCall,
  connectionStatus,
  logInAdmin,
  onboardMember,
  refuseLiveSocket,
  SOCKET_IO,
} from './browser-helpers';

// The buying story's scene and tools: the app with the demo seed's $1 test products, an admin,
// members on a phone and a desktop (one with no live socket, one whose card is declined, one not
// onboarded), the buys each page sends on either transport, and the swipe handle's geometry.

// Screenshots of each buying state at 375 px (member A) and 1280 px (member B), for a human to
// look at layout regressions that assertions do not catch.
const SHOTS_DIR = path.join(tmpdir(), 'shots-show');
mkdirSync(SHOTS_DIR, { recursive: true });
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`) });

type Reply = Awaited<ReturnType<typeof apiCall<{ message?: string; id?: string } & Record<string, unknown>>>>;
export const api = (page: Page, method: string, path: string, body?: unknown): Promise<Reply> =>
  apiCall(page, method, path, body);

export interface SentBuy {
  at: number;
  via: 'http' | 'socket';
}

/** A Socket.IO packet (or a long-polling payload of several) that holds a `show:buy`. */
const holdsBuy = (payload: string | Buffer) => payload.toString().includes(`"${socketEvents.buy}"`);

/**
 * Every buy a page sends, on either transport: POST /api/show/buy, or `show:buy` over its Socket.IO
 * link — a WebSocket frame, or a long-polling POST if the link has not upgraded yet.
 */
export function countBuys(page: Page): SentBuy[] {
  const sent: SentBuy[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/api/show/buy')) sent.push({ at: Date.now(), via: 'http' });
    else if (SOCKET_IO.test(r.url()) && holdsBuy(r.postData() ?? '')) sent.push({ at: Date.now(), via: 'socket' });
  });
  page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      if (holdsBuy(payload)) sent.push({ at: Date.now(), via: 'socket' });
    }),
  );
  return sent;
}

/**
 * Holds every `show:buy` the page sends over its Socket.IO link — a WebSocket frame, or a
 * long-polling POST if the link has not upgraded yet — until `first` has run. Set before the page
 * loads: only WebSockets opened afterwards pass through the hold. HTTP buys (POST /api/show/buy)
 * are not held: the one caller waits for Live and expects its buy over the socket.
 */
export async function holdBuys(page: Page, first: () => Promise<void>) {
  let ran: Promise<void> | undefined;
  const firstOnce = () => {
    ran ??= first();
    return ran;
  };
  await page.route(SOCKET_IO, async (route) => {
    if (holdsBuy(route.request().postData() ?? '')) await firstOnce();
    await route.continue();
  });
  await page.routeWebSocket(SOCKET_IO, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage(async (message) => {
      if (holdsBuy(message)) await firstOnce();
      server.send(message);
    });
  });
}

export const waitLive = (page: Page) => connectionStatus(page, 'Live').waitFor({ timeout: 15_000 });

/** The current item's id, as the page's own show state has it. */
export async function currentItemId(page: Page): Promise<string> {
  const state = await api(page, 'GET', '/api/show/state');
  const item = state.body.currentItem as { id: string } | null;
  return item?.id ?? '';
}

/** The handle's centre and how far it can travel along its rail. */
export async function handleGeometry(slider: Locator) {
  const box = await slider.boundingBox();
  const railWidth = await slider.evaluate((el) => el.parentElement?.clientWidth ?? 0);
  if (!box) throw new Error('the swipe handle is not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, travel: railWidth - box.width };
}

export interface BuyingScene {
  app: EmbeddedApp;
  browser: Browser;
  contexts: BrowserContext[];
  admin: Page;
  memberA: Page;
  memberB: Page;
  /** A member whose Socket.IO link never comes up: the page polls, and buys over HTTP. */
  memberC: Page;
  declined: Page;
  newcomer: Page;
  buysA: SentBuy[];
  buysB: SentBuy[];
  buysC: SentBuy[];
}

export async function startBuyingScene(): Promise<BuyingScene> {
  const contexts: BrowserContext[] = [];
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  try {
    // The demo seed brings four $1 test products (and a demo show, which the admin unschedules).
    app = await startEmbeddedApp();
    const started = app;
    const opened = await launchChromium();
    browser = opened;
    const newPage = async (width: number, height: number) => {
      const context = await opened.newContext({ viewport: { width, height } });
      contexts.push(context);
      return context.newPage();
    };
    const admin = await newPage(1280, 800);
    const memberA = await newPage(375, 812);
    const memberB = await newPage(1280, 800);
    const memberC = await newPage(375, 812);
    await refuseLiveSocket(memberC);
    const declined = await newPage(375, 812);
    const newcomer = await newPage(375, 812);
    const buysA = countBuys(memberA);
    const buysB = countBuys(memberB);
    const buysC = countBuys(memberC);

    await admin.goto(`${started.baseUrl}/login`);
    await logInAdmin(started, admin);
    // Test products are not sold while a live show runs: keep the demo show from launching mid-test.
    const shows = await api(admin, 'GET', '/api/shows');
    for (const show of shows.body as unknown as Array<{ id: string }>) {
      await api(admin, 'PATCH', `/api/shows/${show.id}/schedule`, {
        launchTime: new Date(Date.now() + 86_400_000).toISOString(),
        status: 'idle',
      });
    }

    await Promise.all([
      onboardMember(started, memberA, 'a@example.com', '4111111111111111'),
      onboardMember(started, memberB, 'b@example.com', '4111111111111111'),
      onboardMember(started, memberC, 'c@example.com', '4111111111111111'),
      // Validation passes with this card; every charge on it is declined.
      onboardMember(started, declined, 'declined@example.com', '4000000000000341'),
    ]);
    await newcomer.goto(started.baseUrl);
    const registered = await api(newcomer, 'POST', '/api/auth/register', {
      firstName: 'New',
      lastName: 'Comer',
      email: 'new@example.com',
      password: 'sharp-edges-99',
    });
    expect(registered.status).toBeLessThan(300);
    await api(newcomer, 'POST', '/api/auth/login', { email: 'new@example.com', password: 'sharp-edges-99' });
    return { app, browser, contexts, admin, memberA, memberB, memberC, declined, newcomer, buysA, buysB, buysC };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeBuyingScene({ contexts, browser, app });
    throw error;
  }
}

export async function closeBuyingScene(
  scene: Partial<Pick<BuyingScene, 'contexts' | 'browser' | 'app'>>,
): Promise<void> {
  for (const context of scene.contexts ?? []) await context.close();
  await scene.browser?.close();
  await scene.app?.stop();
}
