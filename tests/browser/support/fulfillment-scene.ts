import type { AdminShipment, AdminShow, OrderView } from '@vault/contracts';
import {
  type EmbeddedApp,
  launchChromium,
  type ParsedMail,
  type SmtpCapture,
  startEmbeddedApp,
  startSmtpCapture,
} from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, logInAdmin, onboardMember } from './browser-helpers';
import { press, waitForItem } from './show-report-scene';

// The after-the-sale walkthrough's scene: the app sending real email to a real SMTP server, an
// admin at a desk, two members on phones and the short live show in which they win three knives
// (Ada two, Bob one); plus the tools to read the member's orders and mail and the admin's packages.

export const SHOW = 'Forge Friday';
export const AUTOMATIC = { title: 'Damascus Automatic', price: '349.00', legalClass: 'automatic', bladeLength: '3.5' };
export const FOLDER = { title: 'Field Folder', price: '89.50', legalClass: 'manual_folder', bladeLength: '2.75' };
export const SHEATH = { title: 'Leather Sheath', price: '45.00', legalClass: 'gear', bladeLength: '0' };
/** The lineup in order, and who wins each knife. */
const LINEUP = [
  { knife: AUTOMATIC, winner: 'ada' },
  { knife: SHEATH, winner: 'bob' },
  { knife: FOLDER, winner: 'ada' },
] as const;

export const ADA = 'ada@example.com';
export const BOB = 'bob@example.com';

export interface FulfillmentScene {
  smtp: SmtpCapture;
  app: EmbeddedApp;
  browser: Browser;
  admin: Page;
  ada: Page;
  bob: Page;
  show: AdminShow;
}

/** The show, as the admin types it: no preroll, intermission or sold hold, so a sale moves straight on. */
async function createShow(admin: Page): Promise<AdminShow> {
  const timings = { perKnifeSeconds: 60, intermissionSeconds: 0, prerollSeconds: 0, soldHoldSeconds: 0 };
  const created = await api<AdminShow>(admin, 'POST', '/api/shows', { title: SHOW, ...timings });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const { knife } of LINEUP) {
    const item = await api(admin, 'POST', '/api/show-items', {
      showId: created.body.id,
      category: 'Fixed Blade',
      description: 'A knife for the after-the-sale walkthrough.',
      imageUrls: [],
      ...knife,
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
  }
  return created.body;
}

/**
 * Runs the show: each knife, as it comes on sale, is bought by its winner (Buy Now over the API).
 * Inside a test: it polls with expect.
 */
export async function sellTheShow(admin: Page, members: { ada: Page; bob: Page }, showId: string) {
  expect((await api(admin, 'POST', '/api/show/start', { showId })).status).toBe(200);
  for (const { knife, winner } of LINEUP) {
    const member = members[winner];
    const item = await waitForItem(member, knife.title);
    const bought = await press(member, item.id);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  }
  // The last sale ends the show (no sold hold): its packages' ship-by counts from here.
  await expect
    .poll(async () => (await api<AdminShow[]>(admin, 'GET', '/api/shows')).body.find((s) => s.id === showId)?.status)
    .toBe('completed');
}

export async function startFulfillmentScene(): Promise<FulfillmentScene> {
  const smtp = await startSmtpCapture();
  let app: EmbeddedApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startEmbeddedApp({ SEED_DEMO: 'false', SMTP_URL: smtp.url });
    const started = app;
    browser = await launchChromium();
    const opened = browser;
    const page = async (width: number) =>
      (await opened.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } })).newPage();
    const [admin, ada, bob] = await Promise.all([page(1280), page(375), page(375)]);
    await Promise.all([
      onboardMember(started, ada, ADA),
      onboardMember(started, bob, BOB),
      (async () => {
        await admin.goto(`${started.baseUrl}/login`);
        await logInAdmin(started, admin);
      })(),
    ]);
    const show = await createShow(admin);
    return { smtp, app, browser, admin, ada, bob, show };
  } catch (error) {
    // A failed start still stops what it started, as the story's afterAll would.
    await closeFulfillmentScene({ smtp, app, browser });
    throw error;
  }
}

export async function closeFulfillmentScene(
  scene: Partial<Pick<FulfillmentScene, 'smtp' | 'app' | 'browser'>>,
): Promise<void> {
  await scene.browser?.close();
  await scene.app?.stop();
  await scene.smtp?.close();
}

/** The packages under one status, as the admin's API lists them. */
export const shipmentsOf = async (admin: Page, status: 'processing' | 'shipped' | 'delivered') =>
  (await api<AdminShipment[]>(admin, 'GET', `/api/admin/shipments?status=${status}`)).body;

/** Each item of the member's packages under `status`: [title, purchase status, captured amount]. */
export async function capturesOf(admin: Page, status: 'processing' | 'shipped', email: string) {
  const shipment = (await shipmentsOf(admin, status)).find((each) => each.member.email === email);
  return shipment?.items.map((item) => [item.title, item.status, item.capturedAmount]) ?? [];
}

/** The member's order of this knife, as GET /api/orders answers. */
export async function orderOf(member: Page, title: string): Promise<OrderView> {
  const order = (await api<OrderView[]>(member, 'GET', '/api/orders')).body.find((o) => o.productTitle === title);
  if (!order) throw new Error(`no order of ${title}`);
  return order;
}

/**
 * Opens the member's Orders tab the way a member does (/account, Edit Profile, Orders) and returns
 * the dialog.
 */
export async function openOrdersTab(member: Page, app: EmbeddedApp): Promise<Locator> {
  await member.goto(`${app.baseUrl}/account`);
  await member.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = member.getByRole('dialog', { name: 'Account Settings' });
  await dialog.getByRole('tab', { name: 'Orders' }).click();
  await dialog.getByTestId('orders-scroll').waitFor();
  return dialog;
}

/** One order's card in the Orders tab, by the knife's title. */
export const orderCard = (dialog: Locator, title: string): Locator =>
  dialog.getByTestId('orders-scroll').locator(':scope > ul > li').filter({ hasText: title });

/** The first email to `to` whose subject matches; its text and HTML together. */
export async function mailTo(smtp: SmtpCapture, to: string, subject: RegExp): Promise<ParsedMail & { all: string }> {
  const mail = await smtp.waitFor(
    (m) => JSON.stringify(m.to ?? '').includes(to) && subject.test(m.subject ?? ''),
    15_000,
  );
  return Object.assign(mail, { all: `${mail.text ?? ''}\n${mail.html || ''}` });
}
