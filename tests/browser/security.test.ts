import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAdmin, onboardMember } from './support/browser-helpers';
import { watchCsp } from './support/page-problems';

describe('the content security policy in Chromium', () => {
  let app: EmbeddedApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startEmbeddedApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lets a member onboard with Accept.js and watch the show with no violation', async () => {
    const page = await browser.newPage();
    const violations = await watchCsp(page);
    await page.goto(app.baseUrl);
    await page.getByRole('heading', { name: 'Join the Vault' }).waitFor();
    await onboardMember(app, page, 'csp-member@example.com');
    // The live show screen: socket push and knife images.
    await page.getByRole('img').first().waitFor();
    await page.goto(`${app.baseUrl}/account`);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await page.waitForTimeout(500);
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('lets an admin use the admin area with no violation', async () => {
    const page = await browser.newPage();
    const violations = await watchCsp(page);
    await page.goto(`${app.baseUrl}/login`);
    await logInAdmin(app, page, /\/(show|onboarding|admin)$/);
    await page.goto(`${app.baseUrl}/admin`);
    await page.getByText('Show Control').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('refuses to be framed by another site, so Buy cannot be clickjacked', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
    });
    // A foreign page (another origin: about:blank with our page inside an iframe).
    await page.setContent(`<iframe id="vault" src="${app.baseUrl}/show" width="400" height="600"></iframe>`);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const text = await frame?.evaluate(() => document.body?.textContent ?? '').catch(() => '');
    expect(text ?? '').not.toContain('Vault');
    await page.close();
  });
});
