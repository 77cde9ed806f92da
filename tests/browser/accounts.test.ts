import { type EmbeddedApp, freePort, launchChromium, startEmbeddedApp } from '@vault/testing';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, toastText } from './support/browser-helpers';

const password = 'sharp-edges-99';

async function register(page: Page, app: EmbeddedApp, email: string) {
  await page.goto(`${app.baseUrl}/register`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Blade');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('accounts in Chromium', () => {
  let app: EmbeddedApp;
  let browser: Browser;
  let oidc: OAuth2Server;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(await freePort(), '127.0.0.1');
    oidc.service.on('beforeUserinfo', (userInfo) => {
      userInfo.body = {
        sub: 'sso-member-1',
        email: 'sso.member@example.com',
        email_verified: true,
        given_name: 'Sso',
        family_name: 'Member',
      };
    });
    app = await startEmbeddedApp({
      OIDC_ISSUER_URL: oidc.issuer.url ?? '',
      OIDC_CLIENT_ID: 'vault',
      OIDC_CLIENT_SECRET: 'vault-secret',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await oidc?.stop();
  });

  it('register → toast → /login → log in → /onboarding', async () => {
    const page = await browser.newPage();
    await register(page, app, 'ada@example.com');
    await page.waitForURL(`${app.baseUrl}/login`);
    const registered = await toastText(page, 'Registration successful!');
    expect(registered).toContain('Please check your email to verify your account.');

    await logIn(page, app, 'ada@example.com', password);
    await page.waitForURL(`${app.baseUrl}/onboarding`);
    await toastText(page, 'Welcome back!');
    await page.close();
  });

  it('shows the registration form messages and sends nothing while a field is wrong', async () => {
    const page = await browser.newPage();
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST') posted++;
    });
    await page.goto(`${app.baseUrl}/register`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email',
      'Password must be at least 8 characters',
    ]) {
      await page.getByText(message).waitFor();
    }
    expect(posted).toBe(0);
    await page.close();
  });

  it('a wrong password shows the Login failed toast', async () => {
    const page = await browser.newPage();
    await logIn(page, app, 'ada@example.com', 'not-the-password');
    expect(await toastText(page, 'Login failed')).toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('verifies the email with the link from the log', async () => {
    const page = await browser.newPage();
    await page.goto(await app.lastLink('http://localhost:\\d+/api/auth/verify\\?token=[\\w-]+'));
    await page.waitForURL(/\/login\?notice=verified/);
    await page.getByText('Your email is verified. You can log in now.').waitFor();
    await page.close();
  });

  it('resets a forgotten password with the link from the log, and the old one stops working', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${app.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that email').waitFor();

    await page.goto(await app.lastLink('http://localhost:\\d+/reset-password\\?token=[\\w-]+'));
    await page.getByLabel('New password').fill('a-brand-new-pass');
    await page.getByLabel('Confirm password').fill('a-brand-new-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);

    await logIn(page, app, 'ada@example.com', password);
    await toastText(page, 'Login failed');
    await logIn(page, app, 'ada@example.com', 'a-brand-new-pass');
    await page.waitForURL(`${app.baseUrl}/onboarding`);
    await page.close();
  });

  it('signs in through the external provider from /auth', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Sign In / Create Account' }).click();
    // The provider redirects straight back; / then sends a new member to onboarding.
    await page.waitForURL(`${app.baseUrl}/onboarding`);
    const me = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.json()));
    expect(me.user.email).toBe('sso.member@example.com');
    await page.close();
  });

  it('explains that Google sign-in is not available when it is not configured', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/notice=google-unavailable/);
    await page.getByText('Google sign-in is not available').waitFor();
    await page.close();
  });

  it('shows the connection-error screen when the API is unreachable, and Retry Connection recovers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The browser's real network stack refuses the connection, as it does when the API is down.
    await page.route('**/api/auth/user', (route) => route.abort('connectionrefused'));
    await page.goto(app.baseUrl);
    await page.getByRole('heading', { name: 'Unable to connect' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try Login Again' }).getAttribute('href')).toBe('/login');
    await page.unroute('**/api/auth/user');
    await page.getByRole('button', { name: 'Retry Connection' }).click();
    await page.getByRole('heading', { name: 'Join the Vault' }).waitFor();
    await context.close();
  });

  it('sends a signed-in member away from /login and /register, and logout signs them out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, app, 'ada@example.com', 'a-brand-new-pass');
    await page.waitForURL(`${app.baseUrl}/onboarding`);
    for (const screen of ['/login', '/register', '/auth']) {
      await page.goto(`${app.baseUrl}${screen}`);
      await page.waitForURL(`${app.baseUrl}/onboarding`);
    }
    const status = await page.evaluate(async () => {
      await fetch('/api/auth/logout', { method: 'POST' });
      return (await fetch('/api/auth/user')).status;
    });
    expect(status).toBe(401);
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await context.close();
  });
});
