import { createHash, createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminShow, PurchaseView } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, logInAdmin, onboardMember, toastText } from './browser-helpers';
import { countBuys, type SentBuy } from './buying-scene';

// The fair-drops walkthrough's scene and tools: the app, an admin at a desk, Ada on a phone and
// Bob at a desktop (both onboarded with an approving card), the show of a draw knife and a
// first-press knife, screenshots into test-results/fair-drops, a member changing their card in the
// account area, and the draw rule recomputed from its published text with node:crypto.

const SHOTS = fileURLToPath(new URL('../../../test-results/fair-drops/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

/**
 * A screenshot at the page's own width: test-results/fair-drops/<name>-<width>.png. The whole page,
 * unless a dialog is open (a sheet as tall as the screen: the whole page would show what is behind).
 */
export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage });

/** Screenshots at 375 px and 1280 px; the page returns to its own viewport after. */
export async function shotBothWidths(page: Page, name: string, fullPage = true): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await shot(page, name, fullPage);
  }
  await page.setViewportSize(size);
}

export const SHOW = 'Fair Drop Friday';
/** Sold by draw: the admin switches it to a draw in Edit Show Item. */
export const DRAW_KNIFE = { title: 'Obsidian Drop Point', price: '420.00', slug: 'obsidian-drop-point' };
/** Sold by first press, with the show's next in line on. */
export const RACE_KNIFE = { title: 'Raven Tanto', price: '310.00', slug: 'raven-tanto' };
export const DRAW_WINDOW_SECONDS = 10;
/**
 * The window closes 2 s before the item's time runs out at the latest: 12 s is just enough. A short
 * sold hold and intermission move the show on quickly; the test pauses it while it looks around.
 */
const TIMINGS = { perKnifeSeconds: 12, intermissionSeconds: 1, prerollSeconds: 0, soldHoldSeconds: 4 };

/** The simulator's card that saves fine and is declined at every charge (docs/payments.md). */
export const DECLINING_CARD = '4000000000000341';

export interface FairDropsScene {
  app: EmbeddedApp;
  browser: Browser;
  admin: Page;
  ada: Page;
  bob: Page;
  show: AdminShow;
  /** Every Buy each member's page sends, on either transport. */
  buysAda: SentBuy[];
  buysBob: SentBuy[];
}

async function createShow(admin: Page): Promise<AdminShow> {
  const created = await api<AdminShow>(admin, 'POST', '/api/shows', { title: SHOW, ...TIMINGS, nextInLine: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const knife of [DRAW_KNIFE, RACE_KNIFE]) {
    const item = await api(admin, 'POST', '/api/show-items', {
      showId: created.body.id,
      title: knife.title,
      price: knife.price,
      category: 'Fixed Blade',
      description: 'A knife for the fair-drops walkthrough.',
      imageUrls: [1, 2, 3].map((n) => `/media/knives/${knife.slug}-${n}.svg`),
      // Fixed blades, as their category says.
      legalClass: 'fixed_blade',
      bladeLength: '4.25',
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
  }
  return created.body;
}

export async function startFairDropsScene(): Promise<FairDropsScene> {
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    const started = app;
    browser = await launchChromium();
    const opened = browser;
    const page = async (width: number) =>
      (await opened.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } })).newPage();
    const [admin, ada, bob] = await Promise.all([page(1280), page(375), page(1280)]);
    // Before any page opens its live socket: the counters see each WebSocket as it is made.
    const buysAda = countBuys(ada);
    const buysBob = countBuys(bob);
    await Promise.all([
      onboardMember(started, ada, 'ada@example.com'),
      onboardMember(started, bob, 'bob@example.com'),
      (async () => {
        await admin.goto(`${started.baseUrl}/login`);
        await logInAdmin(started, admin);
      })(),
    ]);
    const show = await createShow(admin);
    return { app, browser, admin, ada, bob, show, buysAda, buysBob };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeFairDropsScene({ app, browser });
    throw error;
  }
}

export async function closeFairDropsScene(scene: Partial<Pick<FairDropsScene, 'app' | 'browser'>>): Promise<void> {
  await scene.browser?.close();
  await scene.app?.stop();
}

/** The member's purchases of this item, as GET /api/purchases answers them. */
export async function purchasesOf(member: Page, showItemId: string): Promise<PurchaseView[]> {
  const all = await api<PurchaseView[]>(member, 'GET', '/api/purchases');
  expect(all.status).toBe(200);
  return all.body.filter((p) => p.showItemId === showItemId);
}

/**
 * Saves a new card the way a member does (/account, Add Method, the card form): it becomes their
 * default, the one the next charge uses. The page is left on /account.
 */
export async function saveCard(member: Page, app: EmbeddedApp, card: string): Promise<void> {
  await member.goto(`${app.baseUrl}/account`);
  await member.getByRole('button', { name: 'Add Method' }).click();
  const dialog = member.getByRole('dialog');
  await dialog.getByLabel('Cardholder name').fill('Mia Collector');
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Month').fill('12');
  await dialog.getByLabel('Year').fill('2031');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
  await toastText(member, 'Payment Method Saved');
  await dialog
    .getByText(`ending in ${card.slice(-4)}`)
    .first()
    .waitFor();
}

/**
 * Starts recording every toast the page shows (title and text), in order, and returns the reader.
 * The app shows one toast at a time, each replacing the last: a brief one (Already Sold before the
 * item comes to the member after all) is gone by the time a locator could wait for it.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    const toasts = () => document.querySelectorAll('[role="region"][aria-label^="Notifications"] li');
    // Toasts already on screen are from before: not recorded.
    toasts().forEach((li) => {
      counted.add(li);
    });
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      toasts().forEach((li) => {
        if (counted.has(li)) return;
        counted.add(li);
        seen.push(li.textContent ?? '');
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/**
 * The draw's order recomputed from the rule as published (contracts' DRAW_RULE), written here with
 * node:crypto and not with the app's code: each entry number's score is HMAC-SHA256 keyed with the
 * seed's 32 bytes over the number in decimal, lowest hex digest first, ties by entry number.
 */
export function orderByRule(seedHex: string, entryNumbers: readonly number[]): number[] {
  const key = Buffer.from(seedHex, 'hex');
  expect(key).toHaveLength(32);
  const score = (n: number) => createHmac('sha256', key).update(String(n), 'ascii').digest('hex');
  return [...entryNumbers]
    .map((n) => ({ n, s: score(n) }))
    .sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.n - b.n))
    .map(({ n }) => n);
}

/** SHA-256 of the seed's bytes, as the commitment is made. */
export const commitmentOf = (seedHex: string) => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
