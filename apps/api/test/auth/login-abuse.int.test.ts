import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/password';
import { resolveAbuseLimits } from '../../src/core/abuse-limits';
import { cheapPasswordHash } from '../support/passwords';
import { agent, buildTestApp, currentUser, msUntilRefused, ORIGIN, sessionCount, type TestApp } from '../test-app';

const PASSWORD = 'right-password-1';
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;
const MAX_SESSIONS = 3;

/**
 * Successful logins cost a 128 MiB scrypt hash and a session row each: they are limited per account
 * (across IPs), and a member keeps at most a few live sessions. Login limits are the defaults
 * (what production gets); the session cap is lowered to keep the test short. Members sign in on a
 * cheap hash (the limits do not depend on its cost); where the test measures that a refusal costs
 * no scrypt, the account holds a hash at the production cost.
 */
describe.each(backends)('limits on successful logins and live sessions on %s', (backend) => {
  let t: TestApp;
  let replicaB: FastifyInstance;
  let passwordHash: string;
  let productionHash: string;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp(backend, { config: { limits: { sessions: { maxPerMember: MAX_SESSIONS } } } });
    // Same database and Redis, its own bus connection: another process.
    replicaB = await t.sibling({ ownBus: true });
    [passwordHash, productionHash] = await Promise.all([cheapPasswordHash(PASSWORD), hashPassword(PASSWORD)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(): Promise<{ email: string; userId: string }> {
    const email = `owner-${backend}-${++n}@example.com`;
    const row = await t.database.db
      .insertInto('users')
      .values({ email, password: passwordHash, firstName: 'Ada', lastName: 'Blade' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { email, userId: row.id };
  }
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: { origin: ORIGIN },
    });

  it('has sane defaults: 10 successful logins per account per 15 minutes, 10 live sessions per member', () => {
    const limits = resolveAbuseLimits();
    expect(limits.login.successesPerAccount).toBe(10);
    expect(limits.login.windowMs).toBe(15 * 60_000);
    expect(limits.sessions.maxPerMember).toBe(10);
  });

  it('signs one account in 10 times per window, from any IPs, and refuses the rest with 429 before hashing', async () => {
    const { email, userId } = await member();
    const responses = [];
    // 24 right-password logins, 8 at a time, each from its own address.
    for (let wave = 0; wave < 3; wave++) {
      responses.push(
        ...(await Promise.all(Array.from({ length: 8 }, (_, i) => login(email, PASSWORD, `198.18.${wave}.${i + 1}`)))),
      );
    }
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(14);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({ message: expect.stringMatching(TOO_MANY), code: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await sessionCount(t.database, userId)).toBe(MAX_SESSIONS);

    // Past the limit, a right password costs no scrypt (~300 ms of CPU each at the production cost
    // the account now holds, which cpuUsage counts).
    await t.database.db.updateTable('users').set({ password: productionHash }).where('id', '=', userId).execute();
    const before = process.cpuUsage();
    for (let i = 0; i < 8; i++) {
      const res = await login(email, PASSWORD, `198.18.9.${i + 1}`);
      expect(res.json()).toEqual({ message: expect.stringMatching(TOO_MANY), code: 'rate_limited' });
    }
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });

  it('counts only successes: wrong passwords from strangers never use up the owner’s logins', async () => {
    const { email } = await member();
    // Wrong guesses from several addresses, each under its own failure limit.
    for (let i = 0; i < 4; i++) {
      expect((await login(email, 'wrong-password', `198.19.1.${i % 2}`)).statusCode).toBe(401);
    }
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(email, PASSWORD, `198.19.2.${i}`)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    expect((await login(email, PASSWORD, '198.19.3.1')).json()).toEqual({
      message: authMessages.tooManyAttempts(15),
      code: 'rate_limited',
    });
  }, 120_000);

  it('keeps a member’s newest sessions: one more login ends the oldest, on every replica at once', async () => {
    const { email, userId } = await member();
    const agents = [];
    for (let i = 0; i < MAX_SESSIONS; i++) {
      const a = agent(t.app);
      expect(
        (
          await a.request({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: PASSWORD },
            remoteAddress: `198.20.0.${i}`,
          })
        ).statusCode,
      ).toBe(200);
      agents.push(a);
    }
    const oldest = agents[0]?.sessionCookie() ?? '';
    // Replica B has the oldest session cached: without a message it would accept it for 5 s more.
    expect((await currentUser(replicaB, oldest)).statusCode).toBe(200);

    const newest = agent(t.app);
    const res = await newest.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: '198.20.0.99',
    });
    const loggedInAt = Date.now();
    expect(res.statusCode).toBe(200);
    expect(await msUntilRefused(replicaB, oldest, loggedInAt)).toBeLessThan(500);
    expect((await currentUser(t.app, oldest)).statusCode).toBe(401);
    expect(await sessionCount(t.database, userId)).toBe(MAX_SESSIONS);
    for (const a of [...agents.slice(1), newest]) {
      expect((await currentUser(replicaB, a.sessionCookie())).statusCode).toBe(200);
    }
  });
});
