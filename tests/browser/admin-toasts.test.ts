import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { logInAdmin, toastText } from './support/browser-helpers';
import { createShow } from './support/member-helpers';

// The admin success toasts (Show started!, Show reset), pressed where the live push swaps Show Control
// under the button: Start Show in the list is replaced by the live panel, Reset Show in the live panel
// by the list, often before the POST has answered. The toast must come all the same.

const SHOW = 'Toast Night';
const TOAST_SHOT = '/tmp/admin-toasts-show-started.png';

describe('admin toasts in Chromium survive the live push that replaces the button', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let admin: Page;
  const control = () => admin.getByRole('region', { name: 'Show Control' });

  beforeAll(async () => {
    app = await startEmbeddedApp({ SEED_DEMO: 'false' });
    browser = await launchChromium();
    admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await admin.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, admin);
    // A long preroll: the show stays live (in its preroll) for the whole file.
    await createShow(admin, SHOW, { perKnifeSeconds: 60, intermissionSeconds: 2, prerollSeconds: 120 }, [
      { title: 'Toast Blade', price: '25.00', images: ['/media/knives/raven-tanto-1.svg'] },
    ]);
    await admin.goto(`${app.baseUrl}/admin`);
    await control().getByText('No show is live right now.').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("says 'Show started!' when Start Show in the list starts the show and the live panel takes its place", async () => {
    await control()
      .getByRole('button', { name: `Start Show: ${SHOW}` })
      .click();
    await control().getByRole('button', { name: 'Pause Show' }).waitFor();
    await toastText(admin, 'Show started!');
    await admin.screenshot({ path: TOAST_SHOT });
  });

  it("says 'Show paused' when Pause Show is pressed in the live panel", async () => {
    await control().getByRole('button', { name: 'Pause Show' }).click();
    await control().getByText('Paused', { exact: true }).waitFor();
    await toastText(admin, 'Show paused');
  });

  it("says 'Show reset' when Reset Show in the live panel ends the show and the list takes its place", async () => {
    await control().getByRole('button', { name: 'Reset Show' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset Show' }).click();
    await control().getByText('No show is live right now.').waitFor();
    await toastText(admin, 'Show reset');
  });
});
