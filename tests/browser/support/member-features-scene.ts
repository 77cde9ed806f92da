import { type AdminShow, type HeartsView, REMINDER_LEAD_MINUTES } from '@vault/contracts';
import { type EmbeddedApp, launchChromium, type SmtpCapture, startEmbeddedApp, startSmtpCapture } from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, logInAdmin, onboardMember } from './browser-helpers';
import { createShow, scheduleShow } from './member-helpers';

// The scene of the member-features story: one app (real SMTP capturing its reminder emails), an
// admin, member A on a 375 px phone and member B on a desktop, and a show of three knives
// scheduled three hours out — plus the lineup's locators and the reminder email's link.

/**
 * The app's lead time for the first reminder (the default). A show launching this long plus a few
 * seconds from now has its first reminder due seconds after a member asks for it.
 */
export const LEAD_SECONDS = REMINDER_LEAD_MINUTES * 60;

export const SHOW = 'Forge Preview Night';
export const RAVEN = 'Raven Tanto';
export const SPECTER = 'Specter Dagger';
export const EMBER = 'Ember Karambit';
export const knives = [
  { title: RAVEN, price: '450', images: ['/media/knives/raven-tanto-1.svg', '/media/knives/raven-tanto-2.svg'] },
  { title: SPECTER, price: '610', images: ['/media/knives/specter-dagger-1.svg'] },
  // No images: the card shows SPEC's placeholder.
  { title: EMBER, price: '380', images: [] },
];

export const heartButton = (page: Page, title: string, hearted: boolean) =>
  page.getByRole('button', { name: hearted ? `Remove heart from ${title}` : `Heart ${title}`, exact: true });

/** The lineup card of one knife on /show. */
export const lineupCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Lineup' }).getByRole('listitem').filter({ hasText: title });

export interface MemberFeaturesScene {
  smtp: SmtpCapture;
  app: EmbeddedApp;
  browser: Browser;
  admin: Page;
  memberA: Page;
  memberB: Page;
  show: AdminShow;
  /** Whole seconds: the .ics carries seconds, not milliseconds. */
  launchAt: number;
}

export async function startMemberFeaturesScene(): Promise<MemberFeaturesScene> {
  const smtp = await startSmtpCapture();
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startEmbeddedApp({
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      REMINDER_LEAD_SECONDS: String(LEAD_SECONDS),
    });
    const started = app;
    browser = await launchChromium();
    const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const memberA = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    const memberB = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await Promise.all([
      onboardMember(started, memberA, 'a@example.com'),
      onboardMember(started, memberB, 'b@example.com'),
      (async () => {
        await admin.goto(`${started.baseUrl}/login`);
        await logInAdmin(started, admin);
      })(),
    ]);
    const show = await createShow(
      admin,
      SHOW,
      { perKnifeSeconds: 60, intermissionSeconds: 8, prerollSeconds: 6 },
      knives,
    );
    const launchAt = Math.ceil((Date.now() + 3 * 3600_000) / 1000) * 1000;
    await scheduleShow(admin, show.id, launchAt);
    return { smtp, app, browser, admin, memberA, memberB, show, launchAt };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeMemberFeaturesScene({ smtp, app, browser });
    throw error;
  }
}

export async function closeMemberFeaturesScene(
  scene: Partial<Pick<MemberFeaturesScene, 'smtp' | 'app' | 'browser'>>,
): Promise<void> {
  await scene.browser?.close();
  await scene.app?.stop();
  await scene.smtp?.close();
}

/** The admin's heart count on one knife's card in a list of items ("2 hearts"). */
export const heartCountIn = (list: Locator, title: string, count: string) =>
  list.getByRole('listitem').filter({ hasText: title }).getByText(count, { exact: true });

/** What the member's hearts look like through the API, knife by knife. */
export const heartsOf = async (page: Page, showId: string) =>
  (await api<HeartsView>(page, 'GET', `/api/hearts?showId=${showId}`)).body.items;

/** Another show, no knives, launching so that its first reminder is due seconds from now. */
export async function showWithReminderDueSoon(admin: Page, title: string): Promise<AdminShow> {
  const show = await createShow(admin, title, { perKnifeSeconds: 60, intermissionSeconds: 5, prerollSeconds: 0 }, []);
  await scheduleShow(admin, show.id, Date.now() + LEAD_SECONDS * 1000 + 12_000);
  return show;
}

/**
 * Opens a link where the email is read: a browser with no session, on a phone. `posts` collects
 * the page's unsubscribe POSTs, so the test sees how often it asked the server.
 */
export async function openSignedOutOnPhone(browser: Browser, url: string) {
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const posts: string[] = [];
  reader.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/reminders/unsubscribe')) posts.push(r.url());
  });
  await reader.goto(url);
  return { reader, posts };
}

/** The unsubscribe link of the first reminder email to `to` about `showTitle` (undefined when it has none). */
export async function unsubscribeLinkMailed(smtp: SmtpCapture, to: string, showTitle: RegExp) {
  const mail = await smtp.waitFor(
    (m) => m.to !== undefined && JSON.stringify(m.to).includes(to) && showTitle.test(m.subject ?? ''),
    30_000,
  );
  return `${mail.text ?? ''} ${mail.html || ''}`.match(/https?:\/\/[^\s"'<>]+\/unsubscribe\?token=[\w%-]+/)?.[0];
}
