import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, mailedToken, mailsTo, ORIGIN, sessionCount, type TestApp } from '../test-app';
import { accountHelpers, accountsOptions, member } from './accounts-support';

// Login rate limits, forgotten passwords, and refusing cross-site requests. The member these tests
// sign in as registers before them.

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  const { freshAgent } = accountHelpers(() => t);
  beforeAll(async () => {
    t = await buildTestApp(backend, accountsOptions);
    await freshAgent().post('/api/auth/register', member);
  });
  afterAll(async () => {
    await t?.close();
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
