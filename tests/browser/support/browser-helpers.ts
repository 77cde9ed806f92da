import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbeddedApp } from '@vault/testing';
import type { Locator, Page } from 'playwright-core';

// What the browser tests do again and again: look at toasts, call the API as the page's member,
// onboard a member the way a member does, take screenshots.

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

function toastItem(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/ }).locator('li', { hasText: title });
}

export async function toastText(page: Page, title: string): Promise<string> {
  const item = toastItem(page, title);
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
 * Logs the seeded admin in from the login form the page is showing, and waits to land on a page
 * matching `landsOn`.
 */
export async function logInAdmin(app: EmbeddedApp, page: Page, landsOn: RegExp = /onboarding|show/) {
  // The login page itself, not the one a navigation is leaving (see arriveAt).
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill('admin@vault.local');
  await page.getByLabel('Password').fill(app.adminPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(landsOn);
}

/**
 * Registers, logs in and completes onboarding in the UI, ending on /show. The member is Mia
 * Collector; the card defaults to the simulator's approving 4111 1111 1111 1111 (see the README
 * for the cards that decline or fail at charge time).
 */
/**
 * Waits until `page` is at `url` and the page it came from is gone. React Router changes the URL at
 * once but renders the new route in a transition, so for a moment under load the old page is still
 * on screen: a `fill` by label straight after waitForURL can land in the old form (the register
 * form has an Email field too) and leave the new one empty. `left` is a control only the old page has.
 */
export async function arriveAt(page: Page, url: string, left: Locator): Promise<void> {
  await page.waitForURL(url);
  await left.waitFor({ state: 'detached' });
}

export async function onboardMember(app: EmbeddedApp, page: Page, email: string, card = '4111111111111111') {
  await page.goto(`${app.baseUrl}/register`);
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Collector');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('sharp-edges-99');
  await page.getByLabel('Confirm password').fill('sharp-edges-99');
  const createAccount = page.getByRole('button', { name: 'Create account' });
  await createAccount.click();
  await arriveAt(page, `${app.baseUrl}/login`, createAccount);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('sharp-edges-99');
  const logInButton = page.getByRole('button', { name: 'Log in' });
  await logInButton.click();
  await arriveAt(page, `${app.baseUrl}/onboarding`, logInButton);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill('Mia Collector');
  await page.getByLabel('Street address').fill('1 Forge Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByLabel('Cardholder name').fill('Mia Collector');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('2031');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Save Payment Method' }).click();
  await page.waitForURL(`${app.baseUrl}/show`);
}
