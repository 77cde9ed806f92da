import { paymentMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { agent, buildTestApp, type TestApp, tokenizeCard } from '../test-app';

const PASSWORD = 'password-123';
const profile = {
  fullName: 'Ada Blade',
  address: '1 Forge Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  dateOfBirth: '1990-01-01',
};
const DECLINED_AT_VALIDATION = '4000000000000002';

/** A distinct Luhn-valid Visa number (the simulator approves any that is not a special card). */
function visa(seed: number): string {
  const body = `4${String(seed).padStart(14, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe.each(backends)('limits on adding cards on %s', (backend) => {
  let t: TestApp;
  let passwordHash: string;

  beforeAll(async () => {
    // Default limits: 5 saved cards, 10 attempts an hour per member, 30 per IP, a pause after 3 declines.
    t = await buildTestApp(backend, { listen: true });
    passwordHash = await cheapPasswordHash(PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What Accept.js does in the browser: card data to the (simulated) gateway, a one-time token back. */
  async function tokenize(cardNumber: string) {
    const { json, opaqueData } = await tokenizeCard(t.app, cardNumber);
    expect(json.messages.resultCode).toBe('Ok');
    return opaqueData;
  }

  let n = 0;
  let cardSeed = 1000;
  /** An onboarded member (profile saved, no card yet) who adds cards from `ip`. */
  async function member(ip = `10.1.0.${++n}`) {
    const email = `cards${++n}@example.com`;
    await t.database.db
      .insertInto('users')
      .values({ email, password: passwordHash, firstName: 'Ada', lastName: 'Blade' })
      .execute();
    const a = agent(t.app);
    expect(
      (
        await a.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: PASSWORD },
          remoteAddress: ip,
        })
      ).statusCode,
    ).toBe(200);
    expect((await a.post('/api/onboarding/complete', profile)).statusCode).toBe(200);
    const add = async (payload: object, app?: FastifyInstance) => {
      if (app) a.use(app);
      const res = await a.request({ method: 'POST', url: '/api/payment-methods', payload, remoteAddress: ip });
      a.use(t.app);
      return res;
    };
    return {
      email,
      add,
      addCard: async (card = visa(++cardSeed), app?: FastifyInstance) => add(await tokenize(card), app),
      preauth: async (card: string) =>
        a.request({ method: 'POST', url: '/api/payment/preauth', payload: await tokenize(card), remoteAddress: ip }),
      list: async () => (await a.get('/api/payment-methods')).json() as unknown[],
      /** A token the gateway refuses (E00114): a cheap attempt that still reaches the gateway. */
      spentToken: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: `spent-${n}` },
    };
  }

  describe('saved cards', () => {
    it('keeps at most 5 cards per member, refusing the 6th with 409 before the gateway is asked', async () => {
      const m = await member();
      for (let i = 0; i < 5; i++) expect((await m.addCard()).statusCode).toBe(201);
      const sixth = await m.addCard();
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json()).toEqual({ message: paymentMessages.cardLimitReached(5), code: 'card_limit_reached' });
      expect(await m.list()).toHaveLength(5);
      // Our own refusals are not gateway attempts: a full member can retry without being rate limited.
      for (let i = 0; i < 10; i++) expect((await m.add(m.spentToken)).statusCode).toBe(409);
    });

    it('holds the cap when additions race: 4 at once for a member with 3 cards save exactly 2', async () => {
      const m = await member();
      for (let i = 0; i < 3; i++) expect((await m.addCard()).statusCode).toBe(201);
      const tokens = await Promise.all([0, 1, 2, 3].map(() => tokenize(visa(++cardSeed))));
      const codes = (await Promise.all(tokens.map((token) => m.add(token)))).map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 409, 409]);
      expect(await m.list()).toHaveLength(5);
      // The losers' cards were removed from the gateway too: it holds the same 5.
      const me = await t.database.db
        .selectFrom('users')
        .select('authNetCustomerProfileId')
        .where('email', '=', m.email)
        .executeTakeFirstOrThrow();
      const atGateway = await t.app.payments.client.getCustomerProfile(me.authNetCustomerProfileId ?? '');
      expect(atGateway.paymentProfiles).toHaveLength(5);
    });
  });

  describe('card testing', () => {
    it('pauses card additions for 24 hours after 3 declines, with a clear 429', async () => {
      const m = await member();
      for (let i = 0; i < 3; i++) {
        const declined = await m.preauth(DECLINED_AT_VALIDATION);
        expect(declined.statusCode).toBe(402);
      }
      const paused = await m.preauth('4111111111111111');
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toEqual({ message: paymentMessages.cardAdditionsLocked(24), code: 'rate_limited' });
      const retryAfter = Number(paused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect((await m.addCard()).statusCode).toBe(429);
      // Someone else is unaffected.
      expect((await (await member()).addCard()).statusCode).toBe(201);
    });

    it('limits attempts that reach the gateway to 10 an hour per member', async () => {
      const m = await member();
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await m.add(m.spentToken)).statusCode);
      expect(codes).toEqual(Array(10).fill(400));
      const refused = await m.addCard();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many card attempts\. Please try again in \d+ minutes?\.$/);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits attempts to 30 an hour per IP, whichever members make them', async () => {
      const ip = '198.51.100.77';
      const crowd = [await member(ip), await member(ip), await member(ip), await member(ip)];
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        const m = crowd[i % 4];
        if (m) codes.push((await m.add(m.spentToken)).statusCode);
      }
      expect(codes).toEqual(Array(30).fill(400));
      const refused = await (await member(ip)).addCard();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many card attempts/);
    });

    it.runIf(backend === 'postgres')('shares the counts and the pause between replicas (Redis)', async () => {
      const other = await t.sibling();
      // Its payment client reaches the simulator through its own port.
      await other.listen({ port: 0, host: '127.0.0.1' });
      const m = await member();
      for (let i = 0; i < 3; i++) {
        const app = i % 2 ? other : t.app;
        expect((await m.add(await tokenize(DECLINED_AT_VALIDATION), app)).statusCode).toBe(402);
      }
      expect((await m.addCard(undefined, other)).statusCode).toBe(429);
      expect((await m.addCard(undefined, t.app)).statusCode).toBe(429);
    });
  });
});
