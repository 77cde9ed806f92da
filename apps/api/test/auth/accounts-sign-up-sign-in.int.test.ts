import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailedToken, mailsTo, ORIGIN, sessionCount, type TestApp } from '../test-app';
import { accountHelpers, accountsOptions, member } from './accounts-support';

// Registration, email verification, and signing in and out with a session cookie.

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  const { allSessions, freshAgent } = accountHelpers(() => t);
  beforeAll(async () => {
    t = await buildTestApp(backend, accountsOptions);
  });
  afterAll(async () => {
    await t?.close();
  });

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
});
