import { createECDH, randomBytes } from 'node:crypto';
import type { PushPreferences } from '@vault/contracts';
import type { EmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, logIn } from './browser-helpers';

// What the push-settings story needs: the Notifications card's locators, the browser's own
// permission as the page sees it, more devices of one member (contexts with their own permission),
// and a browser subscription made by the test instead of a push service.

/** The plain-http push service the app accepts in this story (nothing needs to listen: no push is sent). */
export const TEST_PUSH_SERVICE = 'http://127.0.0.1:9419';
export const PASSWORD = 'sharp-edges-99';

/** The Notifications card of /account. */
export const notificationsCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Notifications', exact: true }) });

/** What `Notification.permission` says in the page: 'default' means the browser has not asked yet. */
export const permissionOf = (page: Page) => page.evaluate(() => Notification.permission);

export const preferencesOf = async (page: Page) =>
  (await api<PushPreferences>(page, 'GET', '/api/push/preferences')).body;

/**
 * `PushSubscription.toJSON()` of a browser that never existed: a fresh P-256 key and auth secret,
 * its endpoint on the story's test push service.
 */
export function testSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${TEST_PUSH_SERVICE}/push/${randomBytes(12).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * Another device of the member: a 375 px context, signed in, on /account. `permission` is what the
 * browser has already decided for notifications: granted through Playwright, denied through the
 * DevTools protocol (Playwright can only grant), or undecided.
 */
export async function memberDevice(
  browser: Browser,
  app: EmbeddedApp,
  email: string,
  permission: 'granted' | 'denied' | 'default',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: permission === 'granted' ? ['notifications'] : [],
  });
  const page = await context.newPage();
  if (permission === 'denied') {
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    await (await browser.newBrowserCDPSession()).send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: app.baseUrl,
      browserContextId: targetInfo.browserContextId,
    });
  }
  await logIn(page, app, email, PASSWORD);
  await page.waitForURL(/\/show$/);
  await page.goto(`${app.baseUrl}/account`);
  return { context, page };
}
