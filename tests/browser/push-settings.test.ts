import type { AdminShow } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInAdmin, onboardMember, toastText } from './support/browser-helpers';
import { createShow, expectNoOverflow, scheduleShow, shot } from './support/member-helpers';
import {
  memberDevice,
  notificationsCard,
  permissionOf,
  preferencesOf,
  TEST_PUSH_SERVICE,
  testSubscription,
} from './support/push-settings-scene';

// The member's push settings in Debian's Chromium against the app started as a real process: the
// Notifications card on /account (this device, the explanation before the browser's question, a
// switch per kind saved for every device), a browser that blocked notifications, a browser that
// allows them but cannot reach a push service (none is reachable here), the Orders link a won or
// shipped notification opens, and Notify me's offer in place. One member, several devices (browser
// contexts), each 375 px wide.

const EMAIL = 'push@example.com';
const EXPLANATION = "We'll tap you on the shoulder when a show you asked about starts";
const EMAILS_CONTINUE = 'Emails continue either way.';
/** The client gives subscribe() 15 s; the page must have said so shortly after. */
const PUSH_SERVICE_DEADLINE_MS = 25_000;

describe('push settings in Chromium: the Notifications card, Notify me and the Orders link', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let phone: Page;
  let show: AdminShow;

  beforeAll(async () => {
    app = await startEmbeddedApp({
      SEED_DEMO: 'false',
      PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${TEST_PUSH_SERVICE}`,
    });
    browser = await launchChromium();
    phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await Promise.all([
      onboardMember(app, phone, EMAIL),
      (async () => {
        await admin.goto(`${app.baseUrl}/login`);
        await logInAdmin(app, admin);
      })(),
    ]);
    show = await createShow(
      admin,
      'Push Preview Night',
      { perKnifeSeconds: 60, intermissionSeconds: 8, prerollSeconds: 0 },
      [],
    );
    await scheduleShow(admin, show.id, Date.now() + 3 * 3600_000);
    await admin.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('explains push before the browser asks, and asks nothing on Not now', async () => {
    await phone.goto(`${app.baseUrl}/account`);
    const card = notificationsCard(phone);
    await card.getByText('Notifications are off on this device.').waitFor();
    await card.getByText(EMAILS_CONTINUE).waitFor();
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    const explanation = card.getByRole('region', { name: 'Turn on notifications?' });
    await explanation.getByText(EXPLANATION).waitFor();
    expect(await explanation.textContent()).toContain('Your browser will ask for permission next.');
    // Opening the explanation asked the browser nothing, and it holds the focus.
    expect(await permissionOf(phone)).toBe('default');
    expect(await explanation.evaluate((el) => el === document.activeElement)).toBe(true);

    await explanation.getByRole('button', { name: 'Not now' }).click();
    await explanation.waitFor({ state: 'detached' });
    expect(await permissionOf(phone)).toBe('default');
    // The focus goes back where it came from.
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Turn on notifications');
  });

  it('saves each switch for every device at once, and they survive a reload', async () => {
    const card = notificationsCard(phone);
    await card.getByText('Applies to every device where notifications are on.').waitFor();
    const won = card.getByRole('switch', { name: 'I won a knife' });
    const shipped = card.getByRole('switch', { name: 'My order shipped' });
    expect(await card.getByRole('switch').count()).toBe(5);
    // A member without a choice yet gets every kind.
    expect(await won.isChecked()).toBe(true);
    expect((await preferencesOf(phone)).kinds).toHaveLength(5);

    await won.click();
    await shipped.press('Space');
    await expect
      .poll(async () => (await preferencesOf(phone)).kinds)
      .toEqual(['show_starting', 'hearted_next', 'draw_drawn']);
    await phone.reload();
    await card.getByRole('switch', { name: 'I won a knife' }).waitFor();
    expect(await won.isChecked()).toBe(false);
    expect(await shipped.isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: 'A draw I entered was drawn' }).isChecked()).toBe(true);

    await shipped.click();
    await expect.poll(async () => (await preferencesOf(phone)).kinds).toContain('shipped');
  });

  it('counts a subscription added over the API as one of the member’s devices', async () => {
    const card = notificationsCard(phone);
    await card.getByText('None of your devices receive notifications yet.').waitFor();
    const added = await api(phone, 'POST', '/api/push/subscriptions', testSubscription());
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    // An endpoint on a host that is no push service is refused: the server would have to POST there.
    const elsewhere = { ...testSubscription(), endpoint: 'https://example.com/push/1' };
    const refused = await api<{ code: string }>(phone, 'POST', '/api/push/subscriptions', elsewhere);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('push_service_refused');

    await phone.reload();
    await card.getByText('Notifications reach 1 of your devices.').waitFor();
    // The subscription is another browser's: this one is still off.
    await card.getByText('Notifications are off on this device.').waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectNoOverflow(phone);
    await card.screenshot({ path: '/tmp/shots/push-settings-375.png' });
    await shot(phone, 'push-settings-account');
  });

  it('opens the Orders tab from /account?tab=orders, and the Settings tab leads to the card', async () => {
    await phone.goto(`${app.baseUrl}/account?tab=orders`);
    const dialog = phone.getByRole('dialog', { name: 'Account Settings' });
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByText('No orders found. Start shopping to see your order history!').waitFor();
    // Closing and reloading stays on the page: the link has done its work.
    await phone.waitForURL(`${app.baseUrl}/account`);

    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByRole('button', { name: 'Notification settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => phone.evaluate(() => document.activeElement?.id)).toBe('notifications');
    expect(await notificationsCard(phone).isVisible()).toBe(true);
  });

  it('offers a notification on this phone after Notify me, the explanation first', async () => {
    await phone.goto(`${app.baseUrl}/show`);
    await phone.getByRole('button', { name: 'Notify me' }).click();
    await toastText(phone, 'Reminder set');
    const offer = phone.getByRole('region', { name: 'Also get a notification on this phone?' });
    await offer.getByText(EXPLANATION).waitFor();
    expect(await permissionOf(phone)).toBe('default');
    await shot(phone, 'push-notify-me-offer');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await permissionOf(phone)).toBe('default');
    // The email reminder is set whatever the member answered.
    expect((await api<{ subscribed: boolean }>(phone, 'GET', `/api/reminders/${show.id}`)).body.subscribed).toBe(true);
  });

  it('reads the blocked sentence in a browser that denied notifications, and keeps email', async () => {
    const { context, page } = await memberDevice(browser, app, EMAIL, 'denied');
    const card = notificationsCard(page);
    await card
      .getByText("Notifications are blocked for this site in your browser settings. We'll keep emailing you.")
      .waitFor();
    await card.getByText(EMAILS_CONTINUE).waitFor();
    expect(await card.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
    // The switches are the member's, for every device: still there to set.
    expect(await card.getByRole('switch', { name: 'I won a knife' }).isEnabled()).toBe(true);

    // Notify me offers nothing here: the reminder is an email, as before.
    await page.goto(`${app.baseUrl}/show`);
    await page.getByRole('button', { name: 'Reminder set' }).click();
    await page.getByRole('button', { name: 'Notify me' }).click();
    await toastText(page, 'Reminder set');
    // Absence needs a moment to be sure of: on the phone the offer showed with the toast.
    await page.waitForTimeout(1000);
    expect(await page.getByText('Also get a notification on this phone?').count()).toBe(0);
    await context.close();
  });

  // This Chromium has no push service: its subscribe() refuses within a second ("AbortError:
  // Registration failed - permission denied"). A browser that hangs there instead is given 15 s
  // (src/lib/push/deadline.test.ts); either way the member reads the same sentence.
  it('says within its deadline that a browser allowing notifications could not reach its push service', async () => {
    const { context, page } = await memberDevice(browser, app, EMAIL, 'granted');
    const card = notificationsCard(page);
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    const started = Date.now();
    await card
      .getByRole('region', { name: 'Turn on notifications?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await card
      .getByText('This browser could not reach its push service', { exact: false })
      .waitFor({ timeout: PUSH_SERVICE_DEADLINE_MS });
    expect(Date.now() - started).toBeLessThan(PUSH_SERVICE_DEADLINE_MS);
    await card.getByText('Notifications are off on this device.').waitFor();
    // Nothing reached the vault: still only the test's subscription.
    expect((await preferencesOf(page)).devices).toBe(1);
    await card.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    await context.close();
  });
});
