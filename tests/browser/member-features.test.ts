import { readFileSync } from 'node:fs';
import type { AdminShow, AdminShowItem, ReminderView } from '@vault/contracts';
import type { EmbeddedApp, SmtpCapture } from '@vault/testing';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, toastText } from './support/browser-helpers';
import {
  closeMemberFeaturesScene,
  EMBER,
  heartButton,
  heartCountIn,
  heartsOf,
  knives,
  lineupCard,
  openSignedOutOnPhone,
  RAVEN,
  SHOW,
  SPECTER,
  showWithReminderDueSoon,
  startMemberFeaturesScene,
  unsubscribeLinkMailed,
} from './support/member-features-scene';
import { expectNoOverflow, shot, tabTo } from './support/member-helpers';

// The member features around a show as members and admins use them, in Debian's Chromium against
// the app started as a real process: the lineup preview with hearts, "Notify me" and "Add to
// calendar" on the countdown card, the admin's heart counts and per-member limit, the "up next"
// banner in the live show, and the limit refusing a second buy, and the unsubscribe link of a real
// reminder email (a real SMTP server captures it). Member A uses a 375 px phone, member B a desktop.

describe('member features in Chromium: hearts, reminders, calendar, fair caps and the up-next banner', () => {
  let smtp: SmtpCapture;
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let memberA: Page;
  let memberB: Page;
  let show: AdminShow;
  /** Whole seconds: the .ics carries seconds, not milliseconds. */
  let launchAt = 0;

  beforeAll(async () => {
    ({ smtp, app, browser, admin, memberA, memberB, show, launchAt } = await startMemberFeaturesScene());
  });
  // Whatever started, stops (a failed start has already stopped its own).
  afterAll(() => closeMemberFeaturesScene({ smtp, app, browser }));

  it('previews the lineup under the countdown card: image or placeholder, title, price', async () => {
    await memberA.goto(`${app.baseUrl}/show`);
    await memberA.getByRole('heading', { name: SHOW }).waitFor();
    await memberA.getByRole('timer', { name: 'Time until the show starts' }).waitFor();
    const lineup = memberA.getByRole('region', { name: 'The lineup' });
    await lineup.waitFor();
    await expect
      .poll(() => lineup.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining(RAVEN), expect.stringContaining(SPECTER), expect.stringContaining(EMBER)]);
    await lineupCard(memberA, RAVEN).getByText('$450.00').waitFor();
    await lineupCard(memberA, SPECTER).getByText('$610.00').waitFor();
    expect(await lineupCard(memberA, RAVEN).locator('img').getAttribute('src')).toBe(knives[0]?.images[0]);
    await lineupCard(memberA, EMBER).getByText('No media available').waitFor();
    expect(await lineupCard(memberA, EMBER).locator('img').count()).toBe(0);
    // The lineup sits below the countdown card.
    const card = await memberA.getByRole('timer', { name: 'Time until the show starts' }).boundingBox();
    const grid = await lineup.boundingBox();
    expect(grid?.y).toBeGreaterThan(card?.y ?? Number.POSITIVE_INFINITY);
    await expectNoOverflow(memberA);
  });

  it("hearts a knife: the count goes up, survives a reload, and rises with another member's heart", async () => {
    await heartButton(memberA, RAVEN, false).click();
    const hearted = heartButton(memberA, RAVEN, true);
    await hearted.waitFor();
    expect(await hearted.getAttribute('aria-pressed')).toBe('true');
    expect(await hearted.textContent()).toBe('1');
    // Screen readers hear the new count.
    await lineupCard(memberA, RAVEN).getByText(`${RAVEN}: 1 heart`, { exact: true }).waitFor();
    await expect
      .poll(async () => (await heartsOf(memberA, show.id)).find((i) => i.hearted))
      .toMatchObject({ count: 1 });

    await memberA.reload();
    await heartButton(memberA, RAVEN, true).waitFor();
    expect(await heartButton(memberA, RAVEN, true).textContent()).toBe('1');

    await memberB.goto(`${app.baseUrl}/show`);
    await heartButton(memberB, RAVEN, false).click();
    await heartButton(memberB, RAVEN, true).waitFor();
    expect(await heartButton(memberB, RAVEN, true).textContent()).toBe('2');

    await memberA.reload();
    expect(await heartButton(memberA, RAVEN, true).textContent()).toBe('2');
    // Member B's heart is B's own: A still sees their other knives unhearted.
    expect(await heartButton(memberA, SPECTER, false).getAttribute('aria-pressed')).toBe('false');
    await shot(memberA, 'member-lineup-hearted');
    await shot(memberB, 'member-lineup-hearted');
  });

  it('reaches a heart with Tab and toggles it with Space, with the focus visible', async () => {
    await memberA.reload();
    await heartButton(memberA, SPECTER, false).waitFor();
    await tabTo(memberA, `Heart ${SPECTER}`);
    await memberA.keyboard.press('Space');
    await heartButton(memberA, SPECTER, true).waitFor();
    expect(await memberA.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Remove heart from ${SPECTER}`,
    );
    await lineupCard(memberA, SPECTER).getByText(`${SPECTER}: 1 heart`, { exact: true }).waitFor();
    await shot(memberA, 'member-heart-keyboard-focus');
    const mine = await heartsOf(memberA, show.id);
    expect(mine.filter((i) => i.hearted)).toHaveLength(2);
  });

  it('turns "Notify me" on and off, by mouse and by keyboard, as the API records it', async () => {
    const reminderOf = async () =>
      (await api<ReminderView>(memberA, 'GET', `/api/reminders/${show.id}`)).body.subscribed;
    expect(await reminderOf()).toBe(false);
    const notify = memberA.getByRole('button', { name: 'Notify me' });
    expect(await notify.getAttribute('aria-pressed')).toBe('false');
    await notify.click();
    expect(await toastText(memberA, 'Reminder set')).toContain(
      "We'll email you 15 minutes before launch and when the show goes live",
    );
    const set = memberA.getByRole('button', { name: 'Reminder set' });
    expect(await set.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(reminderOf).toBe(true);
    await shot(memberA, 'member-reminder-set');

    await memberA.reload();
    await set.waitFor();
    await tabTo(memberA, 'Reminder set');
    await memberA.keyboard.press('Enter');
    await memberA.getByRole('button', { name: 'Notify me' }).waitFor();
    await toastText(memberA, 'Reminder turned off');
    await expect.poll(reminderOf).toBe(false);

    await memberA.getByRole('button', { name: 'Notify me' }).click();
    await set.waitFor();
    await expect.poll(reminderOf).toBe(true);
  });

  it('downloads the launch as an .ics from "Add to calendar", starting at the launch time', async () => {
    const [download] = await Promise.all([
      memberA.waitForEvent('download'),
      memberA.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const text = readFileSync(await download.path(), 'utf8');
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    const start = event?.getFirstPropertyValue('dtstart');
    expect(start).toBeInstanceOf(ICAL.Time);
    expect((start as ICAL.Time).toJSDate().getTime()).toBe(launchAt);
    expect(String(event?.getFirstPropertyValue('summary'))).toContain(SHOW);
  });

  it('shows the admin the heart counts per item, in Show Items and in the lineup', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('tab', { name: 'Show Items' }).click();
    const grid = admin.getByRole('list', { name: 'Show items' });
    await heartCountIn(grid, RAVEN, '2 hearts').waitFor();
    await heartCountIn(grid, SPECTER, '1 heart').waitFor();
    await heartCountIn(grid, EMBER, '0 hearts').waitFor();
    await shot(admin, 'admin-item-hearts');

    await admin.getByRole('tab', { name: 'Shows' }).click();
    const lineup = admin.getByRole('list', { name: `Lineup of ${SHOW}` });
    await heartCountIn(lineup, RAVEN, '2 hearts').waitFor();
    await heartCountIn(lineup, SPECTER, '1 heart').waitFor();
    const items = await api<AdminShowItem[]>(admin, 'GET', '/api/show-items');
    expect(Object.fromEntries(items.body.map((i) => [i.title, i.hearts]))).toEqual({
      [RAVEN]: 2,
      [SPECTER]: 1,
      [EMBER]: 0,
    });
    await shot(admin, 'admin-lineup-hearts');
  });

  it('takes a heart back: the count drops for everyone', async () => {
    await heartButton(memberA, RAVEN, true).click();
    await heartButton(memberA, RAVEN, false).waitFor();
    expect(await heartButton(memberA, RAVEN, false).textContent()).toBe('1');
    await memberB.reload();
    expect(await heartButton(memberB, RAVEN, true).textContent()).toBe('1');
  });

  it('sets a per-member limit on /admin/shows, which members see on the countdown card', async () => {
    await admin.goto(`${app.baseUrl}/admin/shows`);
    const card = admin.getByRole('region', { name: SHOW });
    const limit = card.getByLabel('Per-member limit');
    expect(await limit.inputValue()).toBe('');
    await limit.fill('0');
    await card.getByRole('button', { name: 'Save limit' }).click();
    await card.getByText('Purchase limit must be at least 1').waitFor();
    await limit.fill('1');
    await card.getByRole('button', { name: 'Save limit' }).click();
    expect(await toastText(admin, 'Purchase limit saved')).toContain('Members can buy at most 1 item');
    const shows = await api<AdminShow[]>(admin, 'GET', '/api/shows');
    expect(shows.body.find((s) => s.id === show.id)?.purchaseCap).toBe(1);
    await admin.reload();
    expect(await admin.getByRole('region', { name: SHOW }).getByLabel('Per-member limit').inputValue()).toBe('1');
    await shot(admin, 'admin-purchase-limit');
    // The admin's new fields fit a phone too.
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectNoOverflow(admin);
    await shot(admin, 'admin-purchase-limit');
    await admin.goto(`${app.baseUrl}/admin`);
    await heartCountIn(admin.getByRole('list', { name: 'Show items' }), RAVEN, '1 heart').waitFor();
    await expectNoOverflow(admin);
    await shot(admin, 'admin-item-hearts');
    await admin.setViewportSize({ width: 1280, height: 900 });

    await memberA.reload();
    await memberA.getByText('Limit 1 per member').waitFor();
    await expectNoOverflow(memberA);
    await shot(memberA, 'member-countdown-limit');
  });

  it('says "Your hearted item is up next" before a hearted item, and refuses a buy over the limit', async () => {
    // Member A hearted Specter Dagger (item 2); member B hearted Raven Tanto (item 1).
    await memberB.reload();
    await memberA.reload();
    await heartButton(memberA, SPECTER, true).waitFor();
    expect((await api(admin, 'POST', '/api/show/start', { showId: show.id })).status).toBe(200);

    // The preroll comes before item 1: only B, who hearted it, is told.
    const bannerB = memberB.getByRole('status').filter({ hasText: 'Your hearted item is up next' });
    await bannerB.waitFor({ timeout: 10_000 });
    expect(await bannerB.textContent()).toContain(RAVEN);
    expect(await memberA.getByText('Your hearted item is up next').count()).toBe(0);
    await shot(memberB, 'member-up-next-preroll');

    // Item 1 on sale: A buys it, and the limit of 1 is next to Buy Now.
    const buyRaven = memberA.getByRole('button', { name: 'Buy Now $450.00' });
    await buyRaven.waitFor({ timeout: 15_000 });
    await memberA.getByText('Limit 1 per member').waitFor();
    await expectNoOverflow(memberA);
    await buyRaven.click();
    await toastText(memberA, 'Purchase Successful!');

    // The intermission before item 2, which A hearted: A is told, B is not.
    const bannerA = memberA.getByRole('status').filter({ hasText: 'Your hearted item is up next' });
    await bannerA.waitFor({ timeout: 15_000 });
    expect(await bannerA.textContent()).toContain(SPECTER);
    await memberA.getByRole('heading', { name: 'Intermission' }).waitFor();
    await memberB.getByRole('heading', { name: 'Intermission' }).waitFor();
    expect(await memberB.getByText('Your hearted item is up next').count()).toBe(0);
    await expectNoOverflow(memberA);
    await shot(memberA, 'member-up-next-intermission');

    // Item 2: A already holds one item of this show.
    const buySpecter = memberA.getByRole('button', { name: 'Buy Now $610.00' });
    await buySpecter.waitFor({ timeout: 15_000 });
    expect(await memberA.getByText('Your hearted item is up next').count()).toBe(0);
    await buySpecter.click();
    expect(await toastText(memberA, 'Purchase Limit Reached')).toContain(
      "You've reached this show's limit of 1 item per member",
    );
    await shot(memberA, 'member-cap-reached');
    // Member B is under the limit and can still buy it.
    await memberB.getByRole('button', { name: 'Buy Now $610.00' }).click();
    await toastText(memberB, 'Purchase Successful!');
  });

  it('unsubscribes signed out from the link in a real reminder email, once', async () => {
    // The live show is over for this test; another show is scheduled, its first reminder due in seconds.
    expect((await api(admin, 'POST', '/api/show/reset', { showId: show.id })).status).toBe(200);
    const dawn = await showWithReminderDueSoon(admin, 'Dawn Drop');
    await memberA.reload();
    await memberA.getByRole('heading', { name: 'Dawn Drop' }).waitFor();
    await memberA.getByRole('button', { name: 'Notify me' }).click();
    await memberA.getByRole('button', { name: 'Reminder set' }).waitFor();

    const link = await unsubscribeLinkMailed(smtp, 'a@example.com', /Dawn Drop/);
    expect(link).toBeDefined();

    // Opened where the email is read: a browser with no session, on a phone.
    const { reader, posts } = await openSignedOutOnPhone(browser, link ?? '');
    const status = reader.getByRole('status');
    await reader.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    expect(await status.textContent()).toContain("You won't get reminders for this show");
    expect(await status.textContent()).toContain('Dawn Drop');
    await reader.getByRole('link', { name: 'Go to the show' }).waitFor();
    await expectNoOverflow(reader);
    await shot(reader, 'member-unsubscribed');
    expect(posts).toHaveLength(1);
    const reminder = await api<ReminderView>(memberA, 'GET', `/api/reminders/${dawn.id}`);
    expect(reminder.body.subscribed).toBe(false);

    // The same link again: nothing left to undo, and it says so.
    await reader.reload();
    await reader.getByText('You were already unsubscribed').waitFor();
    // A link whose token was cut off is refused without asking the server.
    await reader.goto(`${app.baseUrl}/unsubscribe?token=abc`);
    await reader.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await reader.getByText('This unsubscribe link is not valid').waitFor();
    expect(posts).toHaveLength(2);
    await reader.context().close();
  });
});
