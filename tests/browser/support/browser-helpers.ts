import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbeddedApp } from '@vault/testing';
import type { Locator, Page } from 'playwright-core';

// What the browser tests do again and again: look at toasts and the connection status, call the
// API as the page's member, log in, onboard a member the way a member does, cut the live socket,
// take screenshots.

/** Socket.IO's requests, on both of its transports (WebSocket and long-polling). */
export const SOCKET_IO = /\/socket\.io\//;

/**
 * Keeps the page's Socket.IO link from ever coming up, on both transports, and nothing else: the
 * page polls instead (and buys over HTTP). Set before the page loads.
 */
export async function refuseLiveSocket(page: Page): Promise<void> {
  await page.routeWebSocket(SOCKET_IO, (ws) => ws.close());
  await page.route(SOCKET_IO, (route) => route.abort('connectionrefused'));
}

/** The live-show link's indicator, on /show and /admin alike, showing this label. */
export const connectionStatus = (page: Page, label: 'Live' | 'Reconnecting…' | 'Connecting…'): Locator =>
  page.getByRole('status', { name: `Connection: ${label}` });

/**
 * Full-page screenshots at 375 px and 1280 px under the system temp dir, for a human to look at
 * layout regressions that assertions do not catch. The page returns to its own viewport after.
 */
export async function shotBothWidths(page: Page, dir: string, name: string) {
  const folder = path.join(tmpdir(), dir);
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

function toastItem(page: Page, text: string | RegExp): Locator {
  return page.getByRole('region', { name: /Notifications/ }).locator('li', { hasText: text });
}

/** Waits for a toast holding this text (its title, say) and returns its whole text. */
export async function toastText(page: Page, text: string | RegExp): Promise<string> {
  const item = toastItem(page, text);
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

/** A JSON call from inside the page, so it carries that browser's session cookie and Origin. */
export async function api<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await r.text();
      return { status: r.status, body: text ? JSON.parse(text) : {} };
    },
    [method, url, body] as const,
  ) as Promise<{ status: number; body: T }>;
}

/**
 * Logs in from the login form: goes to /login unless the page is there already, and waits for the
 * form itself — not the one a navigation is leaving (see arriveAt) — before filling it.
 */
export async function logIn(page: Page, app: EmbeddedApp, email: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs the seeded admin in, and waits to land on a page matching `landsOn`. */
export async function logInAdmin(app: EmbeddedApp, page: Page, landsOn: RegExp = /onboarding|show/) {
  await logIn(page, app, 'admin@vault.local', app.adminPassword);
  await page.waitForURL(landsOn);
}

/**
 * Waits until `page` is at `url` and the page it came from is gone. React Router changes the URL at
 * once but renders the new route in a transition, so for a moment under load the old page is still
 * on screen: a `fill` by label straight after waitForURL can land in the old form (the register
 * form has an Email field too) and leave the new one empty. `left` is a control only the old page has.
 */
async function arriveAt(page: Page, url: string, left: Locator): Promise<void> {
  await page.waitForURL(url);
  await left.waitFor({ state: 'detached' });
}

/**
 * Registers a member (Mia Collector unless named otherwise) in the UI and logs them in, ending on
 * /onboarding.
 */
export async function registerAndLogIn(
  app: EmbeddedApp,
  page: Page,
  email: string,
  name = { first: 'Mia', last: 'Collector' },
): Promise<void> {
  await page.goto(`${app.baseUrl}/register`);
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('sharp-edges-99');
  await page.getByLabel('Confirm password').fill('sharp-edges-99');
  const createAccount = page.getByRole('button', { name: 'Create account' });
  await createAccount.click();
  await arriveAt(page, `${app.baseUrl}/login`, createAccount);
  await logIn(page, app, email, 'sharp-edges-99');
  await arriveAt(page, `${app.baseUrl}/onboarding`, page.getByRole('button', { name: 'Log in' }));
}

/**
 * Registers, logs in and completes onboarding in the UI, ending on /show. The member is Mia
 * Collector; the card defaults to the simulator's approving 4111 1111 1111 1111 (see
 * docs/payments.md for the cards that decline or fail at charge time).
 */
export async function onboardMember(app: EmbeddedApp, page: Page, email: string, card = '4111111111111111') {
  await registerAndLogIn(app, page, email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Mia Collector');
  await page.getByLabel('Street address').fill('1 Forge Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('Date of birth').fill('1990-03-04');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Cardholder name').fill('Mia Collector');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('2031');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Save Payment Method' }).click();
  await page.waitForURL(`${app.baseUrl}/show`);
}
