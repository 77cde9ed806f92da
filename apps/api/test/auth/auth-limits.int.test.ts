import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { buildTestApp, mailedToken, mailsTo, ORIGIN, type TestApp } from '../test-app';

const PASSWORD = 'right-password-1';
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe.each(backends)('limits on sign-in, registration and password resets on %s', (backend) => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    // Login runs on the default limits (what production gets); the others are lowered to keep
    // the test short, which changes the numbers, not the mechanism.
    t = await buildTestApp(backend, {
      config: {
        limits: { register: { perIp: 3 }, forgotPassword: { perIp: 4, perEmail: 2 }, resetPassword: { perIp: 5 } },
      },
      notifyWorker: true,
    });
    // Seeded members sign in on a cheap hash; the scrypt this file measures is the reset's new password.
    passwordHash = await cheapPasswordHash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  async function members(count: number): Promise<string[]> {
    const emails = Array.from({ length: count }, () => `limits${++n}@example.com`);
    await t.database.db
      .insertInto('users')
      .values(emails.map((email) => ({ email, password: passwordHash, firstName: 'Ada', lastName: 'Blade' })))
      .execute();
    return emails;
  }
  const post = (url: string, payload: object, ip: string, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { origin: ORIGIN } });
  const login = (email: string, password: string, ip: string, app?: FastifyInstance) =>
    post('/api/auth/login', { email, password }, ip, app);

  describe('login', () => {
    it('lets 40 members behind one carrier-NAT address all sign in', async () => {
      const emails = await members(40);
      const codes: number[] = [];
      // In waves of 8 at once, as a crowd arrives before a show.
      for (let i = 0; i < emails.length; i += 8) {
        const wave = await Promise.all(emails.slice(i, i + 8).map((email) => login(email, PASSWORD, '100.64.0.1')));
        codes.push(...wave.map((r) => r.statusCode));
      }
      expect(codes).toEqual(Array(40).fill(200));
    });

    it("locks a stranger's address out of an account after 10 failures, never the owner elsewhere", async () => {
      const [email = ''] = await members(1);
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await login(email, 'wrong-password', '203.0.113.7')).statusCode);
      expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
      const refused = await login(email, PASSWORD, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.stringMatching(TOO_MANY), code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const owner = await login(email, PASSWORD, '198.51.100.20');
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.email).toBe(email);
    });

    it("clears an address's failures on an account when the right password comes", async () => {
      const [email = ''] = await members(1);
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) codes.push((await login(email, 'wrong-password', '203.0.113.8')).statusCode);
      codes.push((await login(email, PASSWORD, '203.0.113.8')).statusCode);
      for (let i = 0; i < 9; i++) codes.push((await login(email, 'wrong-password', '203.0.113.8')).statusCode);
      expect(codes).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401)]);
    });

    it('counts guesses sent in parallel before checking them, so a burst gets no more than 10', async () => {
      const [email = ''] = await members(1);
      const responses = await Promise.all(
        Array.from({ length: 25 }, () => login(email, 'wrong-password', '203.0.113.9')),
      );
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes).toEqual([...Array(10).fill(401), ...Array(15).fill(429)]);
    });

    it.runIf(backend === 'postgres')('shares the count between replicas (Redis)', async () => {
      const other = await t.sibling();
      const [email = ''] = await members(1);
      const codes: number[] = [];
      for (let i = 0; i < 10; i++)
        codes.push((await login(email, 'wrong-password', '203.0.113.10', i % 2 ? other : t.app)).statusCode);
      codes.push((await login(email, 'wrong-password', '203.0.113.10', other)).statusCode);
      codes.push((await login(email, PASSWORD, '203.0.113.10', t.app)).statusCode);
      expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
    });
  });

  describe('registration', () => {
    const body = (email: string) => ({ firstName: 'Ada', lastName: 'Blade', email, password: PASSWORD });

    it('limits registrations per address with a 429 { message } and Retry-After', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await post('/api/auth/register', body(`reg${i}@example.com`), '192.0.2.1')).statusCode);
      const refused = await post('/api/auth/register', body('reg3@example.com'), '192.0.2.1');
      expect(codes).toEqual([201, 201, 201]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.stringMatching(TOO_MANY), code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Refused before any work: no account was created.
      const row = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'reg3@example.com')
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect((await post('/api/auth/register', body('reg3@example.com'), '192.0.2.2')).statusCode).toBe(201);
    });

    it.runIf(backend === 'postgres')('shares the count between replicas (Redis)', async () => {
      const other = await t.sibling();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const app = i % 2 ? other : t.app;
        codes.push((await post('/api/auth/register', body(`shared${i}@example.com`), '192.0.2.3', app)).statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
    });
  });

  describe('forgotten passwords', () => {
    it('limits requests per address', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (await post('/api/auth/forgot-password', { email: `nobody${i}@example.com` }, '192.0.2.10')).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 200, 429]);
    });

    it('mails one address at most twice per window, answers the same after, and keeps the last link valid', async () => {
      const [email = ''] = await members(1);
      const mailCount = () => t.outbox.filter((m) => m.to === email).length;
      const ask = (ip: string) => post('/api/auth/forgot-password', { email }, ip);
      expect((await ask('192.0.2.11')).statusCode).toBe(200);
      await mailsTo(t.outbox, email, 1);
      expect((await ask('192.0.2.12')).statusCode).toBe(200);
      const token = await mailedToken(t.outbox, email, /reset-password\?token=([^\s]+)/, 2);
      const suppressed = await ask('192.0.2.13');
      expect(suppressed.statusCode).toBe(200);
      expect(suppressed.json()).toEqual({ message: authMessages.forgotPasswordSent });
      await new Promise((r) => setTimeout(r, 500));
      expect(mailCount()).toBe(2);
      const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass-1' }, '192.0.2.14');
      expect(reset.statusCode).toBe(200);
    });
  });

  describe('password resets', () => {
    async function resetLink(): Promise<{ email: string; token: string }> {
      const [email = ''] = await members(1);
      await post('/api/auth/forgot-password', { email }, `192.0.2.${100 + n}`);
      return { email, token: await mailedToken(t.outbox, email, /reset-password\?token=([^\s]+)/) };
    }

    it('checks the token before hashing the new password (a bad token costs no scrypt)', async () => {
      // scrypt with N=2^17 costs ~300 ms of CPU per hash, on libuv's pool, which cpuUsage counts.
      const before = process.cpuUsage();
      for (let i = 0; i < 8; i++) {
        const res = await post(
          '/api/auth/reset-password',
          { token: `made-up-${i}`, password: 'brand-new-pass-1' },
          `192.0.2.${30 + i}`,
        );
        expect(res.json()).toEqual({ message: authMessages.resetLinkInvalid, code: 'reset_link_invalid' });
      }
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1000).toBeLessThan(1000);
    });

    it('lets exactly one of two simultaneous resets with one link win', async () => {
      const { email, token } = await resetLink();
      const [a, b] = await Promise.all([
        post('/api/auth/reset-password', { token, password: 'first-new-pass-1' }, '192.0.2.50'),
        post('/api/auth/reset-password', { token, password: 'second-new-pass-1' }, '192.0.2.51'),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 400]);
      const winner = a?.statusCode === 200 ? 'first-new-pass-1' : 'second-new-pass-1';
      const loser = a?.statusCode === 200 ? 'second-new-pass-1' : 'first-new-pass-1';
      expect((await login(email, winner, '192.0.2.52')).statusCode).toBe(200);
      expect((await login(email, loser, '192.0.2.53')).statusCode).toBe(401);
    });

    it('limits reset attempts per address', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (await post('/api/auth/reset-password', { token: `guess-${i}`, password: 'brand-new-pass-1' }, '192.0.2.60'))
            .statusCode,
        );
      expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    });
  });
});
