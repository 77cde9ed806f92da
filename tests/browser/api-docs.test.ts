import { type EmbeddedApp, launchChromium, startEmbeddedApp } from '@vault/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProblems } from './support/page-problems';

describe('the API reference page in Chromium', () => {
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

  it('renders every operation from /api/openapi.json under its own CSP, with no error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const problems = await watchProblems(page);
    const response = await page.goto(`${app.baseUrl}/api/docs`);
    expect(response?.ok()).toBe(true);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.getByRole('heading', { name: /The Vault API/ }).waitFor();
    // Swagger UI renders one block per operation: the Buy route proves the document was fetched and read.
    const buy = page.locator('.opblock-post', { hasText: '/api/show/buy' });
    await buy.first().waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(20);

    // Opening an operation shows its responses, including the shared error answers by reference.
    await buy.first().locator('.opblock-summary').click();
    await buy.first().locator('.responses-table').first().waitFor();
    expect(await buy.first().locator('.response-col_status').allInnerTexts()).toEqual(
      expect.arrayContaining(['200', '400', '401']),
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/openapi-docs.png' });
    expect(await problems()).toEqual([]);
    await page.close();
  });
});
