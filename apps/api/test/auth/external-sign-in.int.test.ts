import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider';
import { cheapPasswordHash } from '../support/passwords';
import { type Agent, agent, buildTestApp, type TestApp } from '../test-app';

// A real OpenID Connect server on localhost plays Google and the external provider (support/oidc-provider.ts).

let oidc: OidcProvider;
const throughProvider = (a: Agent, startPath: string) => oidc.throughProvider(a, startPath);
const setClaims = (claims: Record<string, unknown>) => {
  oidc.claims = claims;
};

beforeAll(async () => {
  oidc = await startOidcProvider();
});
afterAll(async () => {
  await oidc?.stop();
});

describe.each([
  { provider: 'google', startPath: '/api/auth/google', configKey: 'google' },
  { provider: 'oidc', startPath: '/api/login', configKey: 'oidc' },
] as const)('sign-in through $provider', ({ startPath, configKey }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { config: { oauth: { [configKey]: oidc.config() } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the member on first sign-in and starts a session', async () => {
    setClaims({
      sub: `${configKey}-1`,
      email: `New.${configKey}@Example.com`,
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Steel',
    });
    const a = agent(t.app);
    const done = await a.get(await throughProvider(a, startPath));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const me = await a.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email: `new.${configKey}@example.com`,
      firstName: 'Nia',
      lastName: 'Steel',
      emailVerified: true,
      role: 'customer',
    });
  });

  it('finds the same member again by the provider subject', async () => {
    setClaims({ sub: `${configKey}-1`, email: `changed.${configKey}@example.com`, email_verified: true });
    const a = agent(t.app);
    await a.get(await throughProvider(a, startPath));
    expect((await a.get('/api/auth/user')).json().user.email).toBe(`new.${configKey}@example.com`);
  });

  it('links a verified password account when the provider verified the email, keeping its password', async () => {
    const email = `pw.${configKey}@example.com`;
    await t.database.db
      .insertInto('users')
      .values({ email, password: await cheapPasswordHash('password-123'), emailVerified: true })
      .execute();
    setClaims({ sub: `${configKey}-2`, email, email_verified: true });
    const a = agent(t.app);
    await a.get(await throughProvider(a, startPath));
    expect((await a.get('/api/auth/user')).json().user.email).toBe(email);
    // The owner verified this address through our link: both ways in stay theirs.
    expect((await agent(t.app).post('/api/auth/login', { email, password: 'password-123' })).statusCode).toBe(200);
  });

  it('refuses to take over an account through an unverified email', async () => {
    await t.database.db
      .insertInto('users')
      .values({ email: `victim.${configKey}@example.com` })
      .execute();
    setClaims({ sub: `${configKey}-3`, email: `victim.${configKey}@example.com`, email_verified: false });
    const a = agent(t.app);
    const done = await a.get(await throughProvider(a, startPath));
    expect(done.headers.location).toBe('/login?notice=account-exists');
    expect((await a.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a tampered state', async () => {
    setClaims({ sub: `${configKey}-4`, email: `tamper.${configKey}@example.com`, email_verified: true });
    const a = agent(t.app);
    const callback = new URL(await throughProvider(a, startPath), 'http://x');
    callback.searchParams.set('state', 'forged-state');
    const done = await a.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.location).toBe('/login?notice=oauth-failed');
    expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    const created = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `tamper.${configKey}@example.com`)
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses a callback that skips the provider (no state cookie)', async () => {
    const done = await agent(t.app).get(
      `${startPath === '/api/login' ? '/api/auth/oidc/callback' : '/api/auth/google/callback'}?code=abc&state=abc`,
    );
    expect(done.headers.location).toBe('/login?notice=oauth-failed');
  });
});

describe('external sign-in when it is not configured or the provider is down', () => {
  it('sends the browser to /login with a clear notice instead of failing', async () => {
    const t = await buildTestApp('pglite', {
      config: { oauth: { oidc: { issuerUrl: 'http://127.0.0.1:1', clientId: 'x', clientSecret: 'y' } } },
    });
    try {
      const google = await t.app.inject('/api/auth/google');
      expect(google.statusCode).toBe(302);
      expect(google.headers.location).toBe('/login?notice=google-unavailable');
      const sso = await t.app.inject('/api/login');
      expect(sso.headers.location).toBe('/login?notice=sso-unavailable');
    } finally {
      await t.close();
    }
  });

  it('GET /api/logout ends the session and returns to /', async () => {
    const t = await buildTestApp('pglite');
    try {
      await t.database.db
        .insertInto('users')
        .values({ email: 'out@example.com', password: await cheapPasswordHash('password-123') })
        .execute();
      const a = agent(t.app);
      await a.post('/api/auth/login', { email: 'out@example.com', password: 'password-123' });
      // A click on our own page (Fetch Metadata); other sources must confirm (logout-navigation test).
      const res = await a.request({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
