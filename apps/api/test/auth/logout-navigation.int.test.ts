import { logoutConfirmTexts } from '@vault/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { agent, buildTestApp, currentUser, ORIGIN, type TestApp } from '../test-app';

/**
 * GET /api/logout is a browser navigation, so SameSite=Lax sends the cookie even when a foreign
 * page links or redirects to it. It signs out only when the navigation started on our own pages
 * (Sec-Fetch-Site same-origin, or none for a typed URL/bookmark; without Fetch Metadata, a
 * Referer from our origin); otherwise it shows a confirmation page and the member stays signed in.
 */
describe('GET /api/logout on pglite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.database.db
      .insertInto('users')
      .values({ email: 'member@example.com', password: await cheapPasswordHash('sharp-edges-99'), emailVerified: true })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedInCookie(): Promise<string> {
    const a = agent(t.app);
    expect(
      (await a.post('/api/auth/login', { email: 'member@example.com', password: 'sharp-edges-99' })).statusCode,
    ).toBe(200);
    return a.sessionCookie();
  }
  const navigate = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });
  const stillSignedIn = async (cookie: string) => (await currentUser(t.app, cookie)).statusCode === 200;

  it.each([
    ['Sec-Fetch-Site: same-origin (our own page)', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none (typed URL or bookmark)', { 'sec-fetch-site': 'none' }],
    ['no Fetch Metadata, Referer from our origin (older browser)', { referer: `${ORIGIN}/show` }],
    ['no Fetch Metadata, Referer from the host it was sent to', { referer: 'http://localhost:80/account' }],
  ])('signs out and goes to / on %s', async (_case, headers) => {
    const cookie = await signedInCookie();
    const res = await navigate(cookie, headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cleared = res.cookies.find((c) => c.name === 'vault.sid');
    expect(cleared?.value).toBe('');
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it.each([
    [
      'Sec-Fetch-Site: cross-site (a link on a foreign site)',
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
    ],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    [
      'Sec-Fetch-Site: cross-site, even with our Referer (Fetch Metadata wins)',
      { 'sec-fetch-site': 'cross-site', referer: `${ORIGIN}/show` },
    ],
    ['no Fetch Metadata, foreign Referer', { referer: 'https://evil.example/page' }],
    ['no Fetch Metadata and no Referer (old browser; a no-referrer link looks the same)', {}],
  ])('asks to confirm and keeps the member signed in on %s', async (_case, headers) => {
    const cookie = await signedInCookie();
    const res = await navigate(cookie, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain(logoutConfirmTexts.title);
    expect(res.body).toContain('href="/api/logout"');
    expect(await stillSignedIn(cookie)).toBe(true);

    // The confirmation's button is a same-origin navigation: that one signs out.
    const confirmed = await navigate(cookie, { 'sec-fetch-site': 'same-origin', referer: `${ORIGIN}/api/logout` });
    expect(confirmed.statusCode).toBe(302);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it('never signs out on a prefetch or prerender of the link', async () => {
    const cookie = await signedInCookie();
    const speculative: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch;prerender' },
      { 'sec-fetch-site': 'same-origin', purpose: 'prefetch' },
    ];
    for (const headers of speculative) {
      const res = await navigate(cookie, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: logoutConfirmTexts.prefetchRefused, code: 'invalid_request' });
    }
    expect(await stillSignedIn(cookie)).toBe(true);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(head.statusCode).toBe(404);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('sends a signed-out visitor to / whatever the source, setting no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
