import type { AdminReturn, AdminShow } from '@vault/contracts';
import type { EmbeddedApp, SmtpCapture } from '@vault/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, shotBothWidths, toastText } from './support/browser-helpers';
import {
  ADA,
  AUTOMATIC,
  BOB,
  capturesOf,
  closeFulfillmentScene,
  FOLDER,
  mailTo,
  openOrdersTab,
  orderCard,
  orderOf,
  SHEATH,
  SHOW,
  sellTheShow,
  shipmentsOf,
  startFulfillmentScene,
} from './support/fulfillment-scene';
import { expectNoOverflow } from './support/member-helpers';

// After the sale, from the packing bench to the refund, in Chromium against the app started as a
// real process that sends real email (a real SMTP server captures it). Two members won three
// knives in one live show (Ada an automatic and a folder, Bob a sheath): the admin sees two
// packages, prints Ada's packing slip, ships it (refused a tracking number that is not UPS's
// before anything is sent), which captures its payments at that moment; Ada sees it Shipped with
// the carrier's link and gets the email; she asks to return the folder, the admin approves,
// receives it and refunds half once the capture has settled; her Orders tab, /account and the
// refund receipt say so. Every admin step is a click on /admin/fulfillment.
// Screenshots land in <tmp>/shots-fulfillment/<name>-375.png and -1280.png.

const shot = (page: Page, name: string) => shotBothWidths(page, 'shots-fulfillment', name);

const TRACKING = '1Z999AA10123456784';
const TRACKING_URL = `https://www.ups.com/track?tracknum=${TRACKING}`;
const HALF = '44.75';

describe('after the sale in Chromium: pack, slip, ship (captured then), track, return, refund half', () => {
  let smtp: SmtpCapture;
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  let ada: Page;
  let bob: Page;
  let show: AdminShow;
  /** The folder's return number, once Ada has asked. */
  let returnNumber = '';

  /** The package cards of the open tab (not the item rows inside them). */
  const packages = (): Locator => admin.getByRole('list', { name: 'Packages' }).locator(':scope > li');
  /** The package card of the member with this email. */
  const packageOf = (email: string): Locator => packages().filter({ hasText: email });
  /** The folder's return card on the Returns tab. */
  const returnCard = (): Locator =>
    admin.getByRole('list', { name: 'Returns' }).locator(':scope > li').filter({ hasText: FOLDER.title });
  const adminReturn = async () =>
    (await api<AdminReturn[]>(admin, 'GET', '/api/admin/returns')).body.find((r) => r.number === returnNumber);

  /** Ada's Orders tab at 375 px, the folder's card in view; a screenshot of both widths when named. */
  const adaOrders = async (name?: string) => {
    const dialog = await openOrdersTab(ada, app);
    await orderCard(dialog, FOLDER.title).scrollIntoViewIfNeeded();
    await expectNoOverflow(ada);
    if (name) await shot(ada, name);
    return dialog;
  };
  const folderIn = (dialog: Locator) => orderCard(dialog, FOLDER.title);

  beforeAll(async () => {
    ({ smtp, app, browser, admin, ada, bob, show } = await startFulfillmentScene());
  });
  // Whatever started, stops (a failed start has already stopped its own).
  afterAll(() => closeFulfillmentScene({ smtp, app, browser }));

  it('sells three knives in one live show: Ada wins two, Bob one', async () => {
    await sellTheShow(admin, { ada, bob }, show.id);
    expect((await orderOf(ada, FOLDER.title)).status).toBe('authorized');
    await bob.context().close();
  });

  it('lists one package per member of the show to pack, items, classes, prices and the carriers they allow', async () => {
    await admin.goto(`${app.baseUrl}/admin`);
    await admin.getByRole('navigation', { name: 'Admin screens' }).getByRole('link', { name: 'Fulfillment' }).click();
    await admin.waitForURL(`${app.baseUrl}/admin/fulfillment`);
    await expect.poll(() => packages().count()).toBe(2);

    const adas = packageOf(ADA);
    const text = (await adas.textContent()) ?? '';
    for (const expected of [
      SHOW,
      AUTOMATIC.title,
      'Automatic (side-opener) · 3.50 in',
      FOLDER.title,
      'Manual folder · 2.75 in',
      '$349.00',
      '$89.50',
      '$438.50',
      'Ship by',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await packageOf(BOB).textContent()).toContain(SHEATH.title);
    // USPS does not carry automatics: the package's carriers leave it out.
    const carriers = await adas.getByLabel('Carrier').locator('option').allTextContents();
    expect(carriers).not.toContain('USPS');
    expect(carriers).toContain('UPS');
    expect(await packageOf(BOB).getByLabel('Carrier').locator('option').allTextContents()).toContain('USPS');
    // Nothing is captured while the packages wait: the authorisations only.
    expect(await capturesOf(admin, 'processing', ADA)).toEqual([
      [AUTOMATIC.title, 'authorized', null],
      [FOLDER.title, 'authorized', null],
    ]);
    await shot(admin, 'to-pack');
    await admin.setViewportSize({ width: 375, height: 812 });
    await expectNoOverflow(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('prints a packing slip in a tab of its own, with prices or without, the choice remembered', async () => {
    const [slip] = await Promise.all([
      admin.context().waitForEvent('page'),
      packageOf(ADA)
        .getByRole('link', { name: /^Packing slip/ })
        .click(),
    ]);
    await slip.getByRole('article', { name: 'Packing slip' }).waitFor();
    const shipment = (await shipmentsOf(admin, 'processing')).find((each) => each.member.email === ADA);
    expect(slip.url()).toBe(`${app.baseUrl}/admin/fulfillment/${shipment?.id}/slip`);
    const page = async () => (await slip.getByRole('article', { name: 'Packing slip' }).textContent()) ?? '';
    const withPrices = await page();
    for (const expected of [
      'The Vault',
      `Package ${shipment?.id.slice(0, 8)}`,
      ADA,
      ...(shipment?.items.map((item) => item.orderNumber) ?? []),
      'Automatic (side-opener) · 3.50 in',
      '$349.00',
      'Total$438.50',
    ]) {
      expect(withPrices).toContain(expected);
    }
    await shot(slip, 'slip');

    await slip.getByLabel('Show prices').uncheck();
    expect(await page()).not.toContain('$');
    await slip.reload();
    await slip.getByRole('article', { name: 'Packing slip' }).waitFor();
    expect(await slip.getByLabel('Show prices').isChecked()).toBe(false);
    expect(await page()).not.toContain('$');
    // On paper: the slip alone (no checkbox, no Print button).
    await slip.emulateMedia({ media: 'print' });
    expect(await slip.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await slip.close();
  });

  it('refuses a tracking number that is not UPS’s before sending it, then ships: captured at that moment', async () => {
    const shipCalls: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/ship')) shipCalls.push(request.url());
    });
    const adas = packageOf(ADA);
    await adas.getByLabel('Carrier').selectOption({ label: 'UPS' });
    expect(await adas.getByLabel('Service').inputValue()).toBe('UPS Ground');
    await adas.getByLabel('Tracking number').fill('1Z999AA10123456785');
    await adas.getByRole('button', { name: 'Mark shipped' }).click();
    await adas.getByText(`That is not a UPS tracking number (for example ${TRACKING})`).waitFor();
    expect(shipCalls).toEqual([]);
    await shot(admin, 'tracking-refused');

    await adas.getByLabel('Tracking number').fill(TRACKING);
    await adas.getByRole('button', { name: 'Mark shipped' }).click();
    expect(await toastText(admin, 'Package shipped')).toContain(`UPS ${TRACKING}`);
    expect(shipCalls).toHaveLength(1);
    await expect.poll(() => packages().count()).toBe(1);

    // Captured by that click, each purchase for what it was sold at; Bob's package, not shipped, is not.
    expect(await capturesOf(admin, 'shipped', ADA)).toEqual([
      [AUTOMATIC.title, 'completed', AUTOMATIC.price],
      [FOLDER.title, 'completed', FOLDER.price],
    ]);
    expect(await capturesOf(admin, 'processing', BOB)).toEqual([[SHEATH.title, 'authorized', null]]);

    await admin.getByRole('tab', { name: 'Shipped' }).click();
    expect(await admin.getByRole('link', { name: TRACKING }).getAttribute('href')).toBe(TRACKING_URL);
    await admin.getByRole('button', { name: /^Mark delivered/ }).waitFor();
    await shot(admin, 'shipped');
  });

  it('shows Ada her knives Shipped with the UPS link in the Orders tab and on /account, and emails her the link', async () => {
    const dialog = await adaOrders('member-orders-shipped');
    for (const title of [AUTOMATIC.title, FOLDER.title]) {
      const status = orderCard(dialog, title).getByTestId('shipment-status');
      expect(await status.textContent()).toMatch(new RegExp(`^Shipped .+ · UPS ${TRACKING}Track package`));
      expect(await status.getByRole('link', { name: /^Track package/ }).getAttribute('href')).toBe(TRACKING_URL);
    }
    await ada.keyboard.press('Escape');
    const history = ada.getByTestId('purchase-after-sale').first();
    await history.getByRole('link', { name: /^Track/ }).waitFor();
    expect(await history.textContent()).toMatch(/^Shipped /);
    await expectNoOverflow(ada);
    await shot(ada, 'member-account-shipped');

    const mail = await mailTo(smtp, ADA, /^Your order has shipped: /);
    expect(mail.subject).toMatch(/and 1 more$/);
    for (const expected of [AUTOMATIC.title, FOLDER.title, `Tracking number: ${TRACKING}`, TRACKING_URL]) {
      expect(mail.all).toContain(expected);
    }
    expect(smtp.messages.filter((m) => /shipped/.test(m.subject ?? '') && JSON.stringify(m.to).includes(BOB))).toEqual(
      [],
    );
  });

  it('is marked delivered by the admin, and Ada asks in her Orders tab to return the folder', async () => {
    await admin
      .getByRole('button', { name: /^Mark delivered/ })
      .first()
      .click();
    await toastText(admin, 'Marked delivered');
    await admin.getByRole('tab', { name: 'Delivered' }).click();
    await expect.poll(() => packages().count()).toBe(1);

    const dialog = await adaOrders();
    const folder = folderIn(dialog);
    expect(await folder.getByTestId('shipment-status').textContent()).toMatch(/^Delivered /);
    await folder.getByRole('button', { name: 'Request a return' }).click();
    await folder.getByLabel('Why are you returning it?').fill('The blade has a chip near the tip.');
    await shot(ada, 'member-return-form');
    await folder.getByRole('button', { name: 'Submit' }).click();
    const told = await toastText(ada, 'Return Requested');
    returnNumber = told.match(/RMA-[A-Z0-9]{8}/)?.[0] ?? '';
    expect(returnNumber).not.toBe('');
    expect(await folder.getByTestId('return-status').textContent()).toBe(`Return requested · ${returnNumber}`);
    // Only the folder: the automatic can still be returned.
    expect(await orderCard(dialog, AUTOMATIC.title).getByRole('button', { name: 'Request a return' }).count()).toBe(1);
    expect((await orderOf(ada, FOLDER.title)).return?.status).toBe('requested');
    await shot(ada, 'member-return-requested');
  });

  it('is approved with instructions and marked received by the admin; Ada reads each step and the email', async () => {
    await admin.getByRole('tab', { name: 'Returns' }).click();
    const card = returnCard();
    expect(await card.textContent()).toContain('The blade has a chip near the tip.');
    await card.getByText('Return requested', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Approve: return ${returnNumber}` }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve Return' });
    await approve.getByLabel('Instructions (optional)').fill('Ship it to 9 Anvil Lane, Austin, TX 78702.');
    await shot(admin, 'approve-dialog');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await toastText(admin, 'Return approved');
    await card.getByText('Return approved', { exact: true }).waitFor();

    const approved = await mailTo(smtp, ADA, new RegExp(`^Your return is approved — ${returnNumber}$`));
    expect(approved.all).toContain('Ship it to 9 Anvil Lane, Austin, TX 78702.');
    let dialog = await adaOrders('member-return-approved');
    expect(await folderIn(dialog).getByTestId('return-status').textContent()).toBe(
      `Return approved · ${returnNumber}Instructions: Ship it to 9 Anvil Lane, Austin, TX 78702.`,
    );

    await card.getByRole('button', { name: `Mark received: return ${returnNumber}` }).click();
    await toastText(admin, 'Return received');
    await card.getByText('Return received', { exact: true }).waitFor();
    dialog = await adaOrders();
    expect(await folderIn(dialog).getByTestId('return-status').textContent()).toBe(`Return received · ${returnNumber}`);
  });

  it('refunds half once the capture has settled; the Orders tab, /account and the refund receipt show it', async () => {
    const card = returnCard();
    const refund = admin.getByRole('dialog', { name: 'Refund' });
    const refundHalf = async () => {
      await card.getByRole('button', { name: `Refund: return ${returnNumber}` }).click();
      expect(await refund.getByLabel('Amount ($)').inputValue()).toBe(FOLDER.price);
      await refund.getByLabel('Amount ($)').fill(HALF);
      await refund.getByLabel('Reason').fill('Returned with a chipped tip: half back, as agreed.');
      await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    };
    // Before tonight's batch the capture has not settled: only a void of all of it could undo it.
    await refundHalf();
    await refund
      .getByText('This capture has not settled yet, so it can only be voided in full; a partial refund')
      .waitFor();
    await shot(admin, 'refund-refused-unsettled');
    await refund.getByRole('button', { name: 'Cancel' }).click();
    expect((await adminReturn())?.purchase.refundedAmount).toBe('0.00');

    // The nightly batch settles the day's captures (the simulator's settlement control).
    expect((await api(admin, 'POST', '/sandbox/authnet/settlement')).status).toBe(200);
    await refundHalf();
    expect(await toastText(admin, 'Refund issued')).toContain(`$${HALF}; $${HALF} left to refund`);
    await card.getByText('Refund issued', { exact: true }).waitFor();
    const refunded = await adminReturn();
    expect(refunded?.purchase).toMatchObject({ capturedAmount: FOLDER.price, refundedAmount: HALF });
    await shot(admin, 'refunded');

    const dialog = await adaOrders('member-orders-refunded');
    const folder = folderIn(dialog);
    expect(await folder.getByTestId('refunds').textContent()).toMatch(new RegExp(`^Refunded \\$${HALF} on \\w{3} \\d`));
    // Half came back, not all of it: no Refunded badge on the order.
    expect(await folder.getByTestId('refunds').getByText('Refunded', { exact: true }).count()).toBe(0);
    expect(await folder.getByTestId('return-status').textContent()).toBe(`Refund issued · ${returnNumber}`);
    const order = await orderOf(ada, FOLDER.title);
    expect(order.refunds.map((r) => r.amount)).toEqual([HALF]);

    await ada.keyboard.press('Escape');
    const history = ada.getByRole('listitem').filter({ hasText: FOLDER.title }).getByTestId('purchase-after-sale');
    await history.getByText(`Refunded $${HALF}`, { exact: true }).waitFor();
    await expectNoOverflow(ada);
    await shot(ada, 'member-account-refunded');

    const receipt = await mailTo(smtp, ADA, new RegExp(`^Your refund of \\$${HALF} — order ${order.id.slice(0, 8)}$`));
    for (const expected of [
      `We have refunded $${HALF} for ${FOLDER.title}.`,
      `Refunded: $${HALF}`,
      `Refunded in total: $${HALF} of $${FOLDER.price} charged`,
    ]) {
      expect(receipt.text).toContain(expected);
    }
    // One refund, one receipt: the refused attempt before the batch sent none.
    expect(smtp.messages.filter((m) => /^Your refund of /.test(m.subject ?? ''))).toHaveLength(1);
  });
});
