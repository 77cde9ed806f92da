import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, launchChromium, type RunningProcess, startProcess } from '@vault/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('the vault in Chromium (embedded mode, built SPA)', () => {
  let app: RunningProcess;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    app = startProcess('apps/api/src/main.ts', {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vault-browser-')),
      PORT: String(port),
    });
    await app.waitFor('Vault is running');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a visitor the landing screen: Join the Vault, Login and Create account', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    // The landing renders once the session check answers "nobody signed in".
    await page.getByRole('heading', { name: 'Join the Vault' }).waitFor();
    await expect(page.getByRole('link', { name: 'Login' }).getAttribute('href')).resolves.toBe('/login');
    await expect(page.getByRole('link', { name: 'Create account' }).getAttribute('href')).resolves.toBe('/register');
    const text = await page.textContent('main');
    for (const benefit of [
      'First access to limited edition releases',
      'Priority picks and heart system',
      'Vault-only countdown events',
      'Terms of Service',
      'Privacy Policy',
    ]) {
      expect(text).toContain(benefit);
    }
    await page.close();
  });

  it('shows 404 Page Not Found for an unknown path, and leads back home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/no/such/vault/door`);
    expect(response?.status()).toBe(200); // the SPA owns the 404 screen
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the Vault' }).click();
    await page.getByRole('heading', { name: 'Join the Vault' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('is usable on a 375 px wide phone without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Join the Vault' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('serves the demo artwork from the app itself', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/media/knives/obsidian-drop-point-1.svg`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('image/svg+xml');
    await page.close();
  });
});
