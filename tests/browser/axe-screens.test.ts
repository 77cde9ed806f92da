import type { AdminShow, ShowStateView } from '@vault/contracts';
import { DEFAULT_KNIFE_FACTS, type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeLedger } from './support/axe';
import { api, logInAdmin, registerAndLogIn } from './support/browser-helpers';
import { createShow, scheduleShow, shot } from './support/member-helpers';

// axe-core on every screen of the product and each of its states, at 375 × 812 as members hold
// their phones, for a visitor, a member and the admin: no serious or critical violation anywhere.
// One app and one browser for the file; each state is reached the way the product reaches it.

const PHONE = { width: 375, height: 812 };

describe('every screen at 375 px passes axe-core (no serious or critical violation)', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let visitor: Page;
  let member: Page;
  let admin: Page;
  let show: AdminShow;
  const axe = axeLedger();

  const phonePage = async () => (await browser.newContext({ viewport: PHONE })).newPage();
  const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();
  /** Opens `path` on `page`, waits for `name`'s heading, and runs axe there. */
  const visit = async (page: Page, screen: string, path: string, name: string | RegExp) => {
    await page.goto(`${app.baseUrl}${path}`);
    await heading(page, name);
    await axe.check(page, screen);
  };
  const expectClean = () => expect(axe.take(), 'serious or critical axe violations').toEqual([]);

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    [visitor, member, admin] = await Promise.all([phonePage(), phonePage(), phonePage()]);
    await Promise.all([
      registerAndLogIn(app, member, 'axe-member@example.com', { first: 'Ada', last: 'Lovelace' }),
      logInAdmin(app, admin),
    ]);
    const product = await api(admin, 'POST', '/api/admin/test-products', {
      title: 'Trainer Blade',
      description: 'A blunt trainer to try a checkout.',
      imageUrls: ['/media/knives/test-edc-pouch-1.svg'],
      category: 'Trainer',
      ...DEFAULT_KNIFE_FACTS,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    // Long phases: every state stays on screen for as long as axe looks at it. The sold hold is
    // the one state the show leaves by itself, into the intermission.
    show = await createShow(admin, 'Axe Night', { perKnifeSeconds: 600, intermissionSeconds: 600, prerollSeconds: 0 }, [
      {
        title: 'Raven Tanto',
        price: '340.00',
        images: ['/media/knives/raven-tanto-1.svg', '/media/knives/raven-tanto-2.svg'],
      },
      { title: 'Glacier Clip Point', price: '220.00', images: ['/media/knives/glacier-clip-point-1.svg'] },
    ]);
  });
  // A test that failed half-way leaves its findings behind: each test reports its own screens only.
  beforeEach(() => {
    axe.take();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a visitor: landing, /login, /register, /auth, 404, /admin, the connection and authentication errors', async () => {
    await visit(visitor, 'landing', '/', 'Join the Vault');
    await visit(visitor, '/login', '/login', 'Welcome back');
    await visit(visitor, '/register', '/register', 'Create account');
    await visit(visitor, '/auth', '/auth', 'Enter the Vault');
    await visit(visitor, '404', '/no/such/door', '404 Page Not Found');
    await visit(visitor, '/admin as a visitor', '/admin', 'Admin Access Required');

    const offline = await phonePage();
    await offline.route('**/api/auth/user', (route) => route.abort('connectionrefused'));
    await visit(offline, 'connection error', '/', 'Unable to connect');
    await offline.unroute('**/api/auth/user');
    await offline.route('**/api/auth/user', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal server error', code: 'internal' } }),
    );
    await visit(offline, 'authentication error', '/', 'Authentication error');
    await offline.context().close();
    expectClean();
  });

  it('a new member: onboarding steps 1, 2 and 3', async () => {
    await visit(member, 'onboarding 1 (intro)', '/onboarding', 'How the Vault works');
    await member.getByRole('button', { name: 'Continue' }).click();
    await heading(member, 'Your information');
    await axe.check(member, 'onboarding 2 (information)');
    await member.getByLabel('Full name').fill('Ada Lovelace');
    await member.getByLabel('Street address').fill('1 Forge Street');
    await member.getByLabel('City').fill('Austin');
    await member.getByLabel('State').fill('TX');
    await member.getByLabel('ZIP code').fill('78701');
    await member.getByLabel('Date of birth').fill('1990-03-04');
    await member.getByRole('button', { name: 'Next Step' }).click();
    await heading(member, 'Payment method');
    await axe.check(member, 'onboarding 3 (card)');
    await member.getByLabel('Cardholder name').fill('Ada Lovelace');
    await member.getByLabel('Card number').fill('4111111111111111');
    await member.getByLabel('Month').fill('12');
    await member.getByLabel('Year').fill('2031');
    await member.getByLabel('CVV').fill('123');
    await member.getByRole('button', { name: 'Save Payment Method' }).click();
    await member.waitForURL(`${app.baseUrl}/show`);
    expectClean();
  });

  it('/show closed with the test products, their dialog, and the countdown', async () => {
    await visit(member, '/show closed with test products', '/show', 'The Vault is Closed');
    await member.getByRole('button', { name: 'View Trainer Blade' }).click();
    await member.getByRole('dialog').waitFor();
    await axe.check(member, 'test product dialog');
    await member.keyboard.press('Escape');
    await member.getByRole('dialog').waitFor({ state: 'detached' });

    await scheduleShow(admin, show.id, Date.now() + 3_600_000);
    await visit(member, '/show countdown', '/show', 'Axe Night');
    await member.getByText('First-come, first-served').waitFor();
    await axe.check(member, '/show countdown');
    expectClean();
  });

  it('/show live: an item on sale (member and admin), the admin Show Control, the item sold, the intermission', async () => {
    expect((await api(admin, 'POST', '/api/show/start', { showId: show.id })).status).toBe(200);
    await visit(member, '/show item live (member)', '/show', 'Raven Tanto');
    await member.getByRole('button', { name: /Buy Now/ }).waitFor();
    await axe.check(member, '/show item live (member, Buy Now)');
    await shot(member, 'axe-show-live');
    await visit(admin, '/show item live (admin, not onboarded)', '/show', 'Raven Tanto');
    await visit(admin, '/admin Show Control, a show live', '/admin', 'Admin Dashboard');
    await admin.getByRole('button', { name: 'Pause Show' }).waitFor();
    await axe.check(admin, '/admin Show Control, a show live');

    const state = (await api<ShowStateView>(member, 'GET', '/api/show/state')).body;
    const bought = await api(member, 'POST', '/api/show/buy', { showItemId: state.currentItem?.id });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await member.getByText('You own this item!', { exact: true }).waitFor();
    await axe.check(member, '/show item sold (the buyer)');
    await heading(member, 'Intermission');
    await axe.check(member, '/show intermission');
    expectClean();
  });

  it('/account and every tab of the account-settings dialog, for the member and the admin', async () => {
    await visit(member, '/account', '/account', 'My Account');
    await shot(member, 'axe-account');
    await member.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = member.getByRole('dialog', { name: 'Account Settings' });
    await dialog.waitFor();
    for (const tab of ['Profile', 'Orders', 'Payment', 'Settings']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await dialog.getByRole('tabpanel').waitFor();
      await axe.check(member, `account settings: ${tab}`);
    }
    await dialog.getByRole('tab', { name: 'Profile' }).click();
    await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await dialog.getByText('Email cannot be changed').waitFor();
    await axe.check(member, 'account settings: Profile, editing');
    await member.keyboard.press('Escape');
    await visit(admin, '/account (admin)', '/account', 'My Account');
    expectClean();
  });

  it('/admin: both tabs, the Add Show Item dialog, /admin/shows; a member at /admin', async () => {
    expect((await api(admin, 'POST', '/api/show/reset', { showId: show.id })).status).toBe(200);
    await visit(admin, '/admin Show Control, no show live', '/admin', 'Admin Dashboard');
    await admin.getByRole('button', { name: 'Start Show' }).first().waitFor();
    await axe.check(admin, '/admin Show Items tab');
    await admin.getByRole('button', { name: 'Add Show Item' }).click();
    await admin.getByRole('dialog', { name: 'Add Show Item' }).waitFor();
    await axe.check(admin, 'Add Show Item dialog');
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Shows' }).click();
    await admin.getByRole('link', { name: 'Manage Shows' }).waitFor();
    await axe.check(admin, '/admin Shows tab');
    await visit(admin, '/admin/shows', '/admin/shows', 'Show Manager');
    await visit(member, '/admin as a member', '/admin', 'Admin Access Required');
    expectClean();
  });
});
