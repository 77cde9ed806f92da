import type { PushPayload } from '@vault/contracts';
import { type EmbeddedApp, eventually, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/browser-helpers';

// The page half of Web Push, for real in Chromium: no push service is reachable from here, so the
// DevTools protocol hands an encrypted push's plain payload to our registered service worker
// (ServiceWorker.deliverPushMessage), as Chrome does once it has decrypted one. The worker shows the
// notification; a tap (a notificationclick in the worker) takes the open vault window to its page.

const won: PushPayload = {
  kind: 'won',
  title: 'You won the Raven Tanto',
  body: 'It is yours: see your order.',
  url: '/account?tab=orders',
  tag: 'won:2d0c8f4e-0000-4000-8000-000000000001',
};

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: unknown;
}

/** The notifications our service worker shows, as the page's registration lists them. */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, icon, badge, data }) => ({
      title,
      body,
      tag,
      icon,
      badge,
      data,
    }));
  });
}

describe('a push reaching the page: the service worker shows it, and a tap opens its page', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let registrationId: string | undefined;

  const deliver = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId: registrationId ?? '', data });

  beforeAll(async () => {
    app = await startEmbeddedApp();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    // As a member who said yes when the settings asked.
    await context.grantPermissions(['notifications'], { origin: app.baseUrl });
    page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    const member = { firstName: 'Nia', lastName: 'Pusher', email: 'nia@example.com', password: 'sharp-edges-99' };
    expect((await api(page, 'POST', '/api/auth/register', member)).status).toBeLessThan(300);
    expect((await api(page, 'POST', '/api/auth/login', member)).status).toBe(200);
    await page.goto(`${app.baseUrl}/show`);
    await page.evaluate(() => navigator.serviceWorker.ready);

    cdp = await context.newCDPSession(page);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${app.baseUrl}/` && !r.isDeleted);
      if (ours) registrationId = ours.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await eventually(() => registrationId, { within: 10_000, what: 'our service worker registration over CDP' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('shows the notification the payload describes, with our icon and badge', async () => {
    await deliver(JSON.stringify(won));
    const shown = await eventually(async () => (await shownNotifications(page)).find((n) => n.tag === won.tag), {
      within: 10_000,
      what: 'the won notification',
    });
    expect(shown).toEqual({
      title: won.title,
      body: won.body,
      tag: won.tag,
      icon: `${app.baseUrl}/icons/icon-192.png`,
      badge: `${app.baseUrl}/icons/badge-96.png`,
      data: { url: '/account?tab=orders' },
    });
  });

  it('still shows a notification, a plain one, for a push it cannot read or that points off our site', async () => {
    // Chrome requires a visible notification for every push (userVisibleOnly), so none is dropped.
    await deliver('not json at all');
    await deliver(JSON.stringify({ ...won, url: 'https://elsewhere.example/', tag: 'won:elsewhere' }));
    const generic = await eventually(
      async () => {
        const all = await shownNotifications(page);
        return all.some((n) => n.tag === 'won:elsewhere') ? undefined : all.find((n) => n.title === 'The Vault');
      },
      { within: 10_000, what: 'the plain notification' },
    );
    expect(generic).toMatchObject({ body: 'Something new is waiting for you in the vault.', data: { url: '/show' } });
  });

  it('takes the open vault window to the payload page when the notification is tapped, and closes it', async () => {
    expect(new URL(page.url()).pathname).toBe('/show');
    const worker = context.serviceWorkers().find((w) => w.url() === `${app.baseUrl}/sw.js`);
    if (!worker) throw new Error('no service worker in the context');
    // What Chrome dispatches when the member taps it.
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as {
        registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification tagged ${tag}`);
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    }, won.tag);
    await page.waitForURL(`${app.baseUrl}${won.url}`, { timeout: 15_000 });
    // The account settings open on the member's orders.
    await page.getByRole('tab', { name: /Orders/, selected: true }).waitFor({ timeout: 15_000 });
    expect(context.pages()).toHaveLength(1);
    expect((await shownNotifications(page)).filter((n) => n.tag === won.tag)).toEqual([]);
  });
});
