import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, mailedToken, mailsTo, ORIGIN, sessionCount, type TestApp } from '../test-app';

const member = { firstName: 'Ada', lastName: 'Blade', email: 'ada@example.com', password: 'sharp-edges-99' };

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      config: { limits: { login: { failuresPerIp: 8, failuresPerAccountIp: 3, windowMs: 60_000 } } },
      notifyWorker: true,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const allSessions = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.database.db)).rows[0]?.n;
  let nextIp = 1;
  /** A member on their own IP, so rate limits of one test don't leak into another. */
  const freshAgent = () => {
    const ip = `10.0.0.${nextIp++}`;
    const a = agent(t.app);
    return {
      ...a,
      post: (url: string, payload: unknown = {}) =>
        a.request({ method: 'POST', url, payload: payload as object, remoteAddress: ip }),
    };
  };

  describe('registration', () => {
    it.each([
      [{}, 'First name is required'],
      [{ ...member, firstName: '   ' }, 'First name is required'],
      [{ ...member, lastName: '' }, 'Last name is required'],
      [{ ...member, email: undefined }, 'Email is required'],
      [{ ...member, email: '' }, 'Email is required'],
      [{ ...member, email: 'ada@example' }, 'Please enter a valid email'],
      [{ ...member, email: 'ada at example.com' }, 'Please enter a valid email'],
      [{ ...member, password: '' }, 'Password is required'],
      [{ ...member, password: 'short' }, 'Password must be at least 8 characters'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await freshAgent().post('/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_request' });
    });

    it('creates the account, hashes the password and emails a verification link', async () => {
      const res = await freshAgent().post('/api/auth/register', { ...member, email: ' Ada@Example.com ' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({
        email: 'ada@example.com',
        role: 'customer',
        onboardingCompleted: false,
        emailVerified: false,
      });
      const row = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'ada@example.com')
        .executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^scrypt\$/);
      expect(row.fullName).toBe('Ada Blade');
      const [mail] = await mailsTo(t.outbox, 'ada@example.com');
      expect(mail?.text).toContain(`${ORIGIN}/api/auth/verify?token=`);
      // Only the hash of the token is stored.
      const { verificationToken } = await t.database.db
        .selectFrom('users')
        .select('verificationToken')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(verificationToken).toMatch(/^[\w-]{43}$/);
      expect(verificationToken).not.toBe(await mailedToken(t.outbox, 'ada@example.com', /token=([\w-]+)/));
    });

    it('refuses a second account for the same email, whatever its case', async () => {
      const res = await freshAgent().post('/api/auth/register', { ...member, email: 'ADA@example.com' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: authMessages.emailTaken, code: 'email_taken' });
    });

    it('creates no session row for anonymous visitors', async () => {
      const a = freshAgent();
      await a.get('/api/auth/user');
      await a.get('/api/health');
      await a.post('/api/auth/login', { email: member.email, password: 'wrong-password' });
      expect(a.cookie('vault.sid')).toBeUndefined();
      expect(await allSessions()).toBe(0);
    });
  });

  describe('email verification', () => {
    it('verifies once, then the link is spent', async () => {
      await freshAgent().post('/api/auth/register', { ...member, email: 'verify@example.com' });
      const token = await mailedToken(t.outbox, 'verify@example.com', /token=([\w-]+)/);
      const first = await freshAgent().get(`/api/auth/verify?token=${token}`);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/login?notice=verified');
      const row = await t.database.db
        .selectFrom('users')
        .select('emailVerified')
        .where('email', '=', 'verify@example.com')
        .executeTakeFirstOrThrow();
      expect(row.emailVerified).toBe(true);
      const again = await freshAgent().get(`/api/auth/verify?token=${token}`);
      expect(again.headers.location).toBe('/login?notice=verify-invalid');
    });

    it('refuses an expired link', async () => {
      await freshAgent().post('/api/auth/register', { ...member, email: 'late@example.com' });
      const token = await mailedToken(t.outbox, 'late@example.com', /token=([\w-]+)/);
      await t.database.db
        .updateTable('users')
        .set({ verificationTokenExpiry: new Date(Date.now() - 1000) })
        .where('email', '=', 'late@example.com')
        .execute();
      expect((await freshAgent().get(`/api/auth/verify?token=${token}`)).headers.location).toBe(
        '/login?notice=verify-invalid',
      );
    });
  });

  describe('login and sessions', () => {
    it.each([
      [{}, 'Email is required'],
      [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email'],
      [{ email: member.email }, 'Password is required'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await freshAgent().post('/api/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_request' });
    });

    it('answers a wrong password and an unknown email alike', async () => {
      for (const body of [
        { email: member.email, password: 'wrong-password' },
        { email: 'nobody@example.com', password: member.password },
      ]) {
        const res = await freshAgent().post('/api/auth/login', body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      }
    });

    it('signs in with an httpOnly SameSite=Lax cookie backed by a sessions row', async () => {
      const a = freshAgent();
      const res = await a.post('/api/auth/login', { email: 'ADA@example.com', password: member.password });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(user).toMatchObject({
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Blade',
        role: 'customer',
        onboardingCompleted: false,
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/vault\.sid=/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(await sessionCount(t.database, user.id)).toBe(1);
      const me = await a.get('/api/auth/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(user.id);
    });

    it('issues a new session id at every login', async () => {
      const a = freshAgent();
      await a.post('/api/auth/login', { email: member.email, password: member.password });
      const first = a.cookie('vault.sid');
      await a.post('/api/auth/login', { email: member.email, password: member.password });
      expect(a.cookie('vault.sid')).not.toBe(first);
    });

    it('keeps the session valid after a restart and on another replica', async () => {
      const a = freshAgent();
      await a.post('/api/auth/login', { email: member.email, password: member.password });
      a.use(await t.sibling());
      const me = await a.get('/api/auth/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.email).toBe(member.email);
      a.use(t.app);
    });

    it('logout destroys the session row', async () => {
      const a = freshAgent();
      const { user } = (await a.post('/api/auth/login', { email: member.email, password: member.password })).json();
      const before = await sessionCount(t.database, user.id);
      const res = await a.post('/api/auth/logout');
      expect(res.statusCode).toBe(200);
      expect(await sessionCount(t.database, user.id)).toBe((before ?? 0) - 1);
      expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('answers 401 with a message when nobody is signed in', async () => {
      const res = await freshAgent().get('/api/auth/user');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: authMessages.notSignedIn, code: 'not_signed_in' });
    });

    it('ignores an expired session', async () => {
      const a = freshAgent();
      const { user } = (await a.post('/api/auth/login', { email: member.email, password: member.password })).json();
      await sql`update sessions set expire = now() - interval '1 second' where sess->>'userId' = ${user.id}`.execute(
        t.database.db,
      );
      expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    });
  });

  describe('rate limiting', () => {
    it('limits failures per account from one IP, and never locks the owner out from another', async () => {
      await freshAgent().post('/api/auth/register', { ...member, email: 'limited@example.com' });
      const stranger = freshAgent();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (await stranger.post('/api/auth/login', { email: 'limited@example.com', password: 'wrong-password' }))
            .statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const blocked = await stranger.post('/api/auth/login', {
        email: 'limited@example.com',
        password: member.password,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(blocked.json().code).toBe('rate_limited');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const owner = await freshAgent().post('/api/auth/login', {
        email: 'limited@example.com',
        password: member.password,
      });
      expect(owner.statusCode).toBe(200);
    });

    it('limits attempts per IP, whatever the email', async () => {
      const a = agent(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) {
        const res = await a.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `spray${i}@example.com`, password: 'whatever1' },
          remoteAddress: '10.9.9.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(8);
      expect(codes.at(-1)).toBe(429);
    });
  });

  describe('forgotten passwords', () => {
    it('answers the same whether or not the account exists, and mails only real accounts', async () => {
      const sent = (await mailsTo(t.outbox, member.email)).length;
      const unknown = await freshAgent().post('/api/auth/forgot-password', { email: 'ghost@example.com' });
      expect(unknown.statusCode).toBe(200);
      const known = await freshAgent().post('/api/auth/forgot-password', { email: member.email });
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toEqual({ message: authMessages.forgotPasswordSent });
      expect((await mailsTo(t.outbox, member.email, sent + 1)).at(-1)?.text).toContain(
        `${ORIGIN}/reset-password?token=`,
      );
      expect(t.outbox.filter((m) => m.to === 'ghost@example.com')).toEqual([]);
    });

    it('resets with a single-use link and signs the member out everywhere', async () => {
      const email = 'reset@example.com';
      await freshAgent().post('/api/auth/register', { ...member, email });
      const signedIn = freshAgent();
      const { user } = (await signedIn.post('/api/auth/login', { email, password: member.password })).json();
      await freshAgent().post('/api/auth/forgot-password', { email });
      // The second email to this address: the first was its verification.
      const token = await mailedToken(t.outbox, email, /reset-password\?token=([\w-]+)/, 2);

      const weak = await freshAgent().post('/api/auth/reset-password', { token, password: 'short' });
      expect(weak.json()).toEqual({ message: 'Password must be at least 8 characters', code: 'invalid_request' });

      const res = await freshAgent().post('/api/auth/reset-password', { token, password: 'brand-new-pass' });
      expect(res.statusCode).toBe(200);
      expect(await sessionCount(t.database, user.id)).toBe(0);
      expect((await signedIn.get('/api/auth/user')).statusCode).toBe(401);
      expect((await freshAgent().post('/api/auth/login', { email, password: member.password })).statusCode).toBe(401);
      expect((await freshAgent().post('/api/auth/login', { email, password: 'brand-new-pass' })).statusCode).toBe(200);

      const reuse = await freshAgent().post('/api/auth/reset-password', { token, password: 'another-pass-1' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ message: authMessages.resetLinkInvalid, code: 'reset_link_invalid' });
    });

    it('refuses an expired reset link', async () => {
      const sent = t.outbox.filter((m) => m.to === member.email).length;
      await freshAgent().post('/api/auth/forgot-password', { email: member.email });
      const token = await mailedToken(t.outbox, member.email, /reset-password\?token=([\w-]+)/, sent + 1);
      await t.database.db
        .updateTable('users')
        .set({ resetTokenExpiry: new Date(Date.now() - 1) })
        .where('email', '=', member.email)
        .execute();
      const res = await freshAgent().post('/api/auth/reset-password', { token, password: 'whatever-123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: authMessages.resetLinkInvalid, code: 'reset_link_invalid' });
    });
  });

  describe('cross-site requests', () => {
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
        headers,
      });

    it('refuses a POST from another origin, or with no origin at all', async () => {
      const refused: Array<Record<string, string>> = [
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        {},
      ];
      for (const headers of refused) {
        const res = await login(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: authMessages.crossSite, code: 'origin_rejected' });
      }
    });

    it('accepts our origin, or our Referer when Origin is absent, or the host the request was sent to', async () => {
      expect((await login({ referer: `${ORIGIN}/login` })).statusCode).toBe(200);
      expect((await login({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).statusCode).toBe(200);
    });

    it('accepts JSON bodies only', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: `email=${member.email}&password=x`,
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(415);
    });
  });
});
