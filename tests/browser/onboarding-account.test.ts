import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogIn, toastText } from './support/browser-helpers';

async function fillCard(scope: Page, card: string) {
  await scope.getByLabel('Cardholder name').fill('Ada Blade');
  await scope.getByLabel('Card number').fill(card);
  await scope.getByLabel('Month').fill('12');
  await scope.getByLabel('Year').fill('2031');
  await scope.getByLabel('CVV').fill('123');
}

describe('onboarding and the account area in Chromium (simulator payments)', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startEmbeddedApp();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await registerAndLogIn(app, page, 'ada@example.com', { first: 'Ada', last: 'Blade' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a new member completes onboarding with 4111 1111 1111 1111 and lands on /show', async () => {
    const progress = page.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('33');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await progress.getAttribute('aria-valuenow')).toBe('67');

    await page.getByLabel('Full name').fill('Ada Blade');
    await page.getByLabel('Street address').fill('1 Forge Street');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('tx');
    await page.getByLabel('ZIP code').fill('78701');
    await page.getByLabel('Knife experience level').selectOption('expert');
    await page.getByLabel('Date of birth').fill('1990-03-04');
    await page.getByRole('button', { name: 'Next Step' }).click();
    await toastText(page, 'Profile Saved!');
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');

    // The card number is typed with spaces grouped in fours and capped at 16 digits.
    await fillCard(page, '411111111111111199');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Save Payment Method' }).click();
    await toastText(page, 'Welcome to the Vault!');
    await page.waitForURL(`${app.baseUrl}/show`);
    const me = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json()));
    expect(me.user.onboardingCompleted).toBe(true);
  });

  it('an onboarded member visiting /onboarding is sent to /show', async () => {
    await page.goto(`${app.baseUrl}/onboarding`);
    await page.waitForURL(`${app.baseUrl}/show`);
  });

  it('adds a second card, removes the default and sees Default move to the other card', async () => {
    await page.goto(`${app.baseUrl}/account`);
    await page.getByRole('button', { name: 'Add Method' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ending in 1111').waitFor();
    await fillCard(page, '5424000000000015');
    await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
    await toastText(page, 'Payment Method Saved');
    await dialog.getByText('ending in 0015').waitFor();

    const methods = async () =>
      (await page.evaluate(() => fetch('/api/payment-methods').then((r) => r.json()))) as Array<{
        last4: string;
        isDefault: boolean;
      }>;
    expect((await methods()).map((m) => [m.last4, m.isDefault])).toEqual([
      ['0015', true],
      ['1111', false],
    ]);

    await dialog.getByRole('button', { name: 'Remove MasterCard ending in 0015' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Remove Payment Method' }));
    await confirm
      .getByText('Are you sure you want to remove this payment method? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await toastText(page, 'Payment Method Removed');
    await expect(dialog.getByText('ending in 0015').count()).resolves.toBe(0);
    expect((await methods()).map((m) => [m.last4, m.isDefault])).toEqual([['1111', true]]);
    await dialog
      .getByRole('listitem')
      .filter({ hasText: 'ending in 1111' })
      .getByText('Default', { exact: true })
      .waitFor();
  });

  it('edits the profile and returns to the read view', async () => {
    await page.goto(`${app.baseUrl}/account`);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByText('Email cannot be changed').waitFor();
    await dialog.getByLabel('Address').fill('2 Anvil Road');
    await dialog.getByLabel('City').fill('Dallas');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(page, 'Profile Updated');
    await dialog.getByText('2 Anvil Road').waitFor();
    await expect(dialog.getByRole('button', { name: 'Save Changes' }).count()).resolves.toBe(0);
    const profile = await page.evaluate(() => fetch('/api/profile').then((r) => r.json()));
    expect(profile).toMatchObject({ address: '2 Anvil Road', city: 'Dallas', email: 'ada@example.com' });
  });

  it('shows the empty purchase history text', async () => {
    await page.goto(`${app.baseUrl}/account`);
    await page.getByText('No purchases yet. Head to the show to claim your first item!').waitFor();
  });
});
