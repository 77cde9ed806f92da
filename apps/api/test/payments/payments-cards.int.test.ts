import { simulatorDb } from '@vault/authnet-simulator';
import { backends } from '@vault/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthNetClient, GatewayError } from '../../src/payments/authnet/client';
import { buildTestApp, gatewayEndpoint, postGateway, type TestApp } from '../test-app';
import { paymentsHelpers, simulatorPayments } from './payments-support';

// Saving a card through the onboarding card step, managing saved cards, and the gateway client
// itself against the simulator over real HTTP.

describe.each(backends)('onboarding and payments on %s', (backend) => {
  let t: TestApp;
  const { simulatorCredentials, options } = simulatorPayments();
  const endpoint = () => gatewayEndpoint(t.app);
  const { tokenize, member, memberCount } = paymentsHelpers(() => t);

  beforeAll(async () => {
    t = await buildTestApp(backend, options);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('saving a card (preauth)', () => {
    it('refuses a card before the profile', async () => {
      const res = await (await member(false)).post('/api/payment/preauth', await tokenize('4111111111111111'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please complete your profile before adding a card',
        code: 'profile_required',
      });
    });

    it('saves the card as default and completes onboarding; no card number is stored anywhere', async () => {
      const a = await member();
      const res = await a.post('/api/payment/preauth', await tokenize('4111111111111111'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        paymentMethod: { cardType: 'Visa', last4: '1111', isDefault: true },
        user: { onboardingCompleted: true },
      });
      expect((await a.get('/api/auth/user')).json().user.onboardingCompleted).toBe(true);

      const tables = [
        'users',
        'payment_methods',
        'sessions',
        'authnet_sim_tokens',
        'authnet_sim_customers',
        'authnet_sim_payment_profiles',
        'authnet_sim_transactions',
      ];
      for (const table of tables) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} t where row_to_json(t)::text like '%4111111111111111%' or row_to_json(t)::text like '%"123"%'`.execute(
          t.database.db,
        );
        expect(rows[0]?.n, table).toBe(0);
      }
    });

    it.each([['4000000000000002', 402, 'Your card was declined. Please use another card.']])(
      'refuses card %s declined at validation',
      async (card, status, message) => {
        const a = await member();
        const res = await a.post('/api/payment/preauth', await tokenize(card));
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message, code: 'card_declined' });
        expect((await a.get('/api/payment-methods')).json()).toEqual([]);
        expect((await a.get('/api/auth/user')).json().user.onboardingCompleted).toBe(false);
      },
    );

    it('refuses a spent token and a malformed body', async () => {
      const a = await member();
      const token = await tokenize('5424000000000015');
      expect((await a.post('/api/payment/preauth', token)).statusCode).toBe(200);
      const again = await a.post('/api/payment-methods', token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: 'Payment validation failed', code: 'card_invalid' });
      expect((await a.post('/api/payment/preauth', {})).json()).toEqual({
        message: 'Payment validation failed',
        code: 'invalid_request',
      });
    });

    it('answers 502 when the gateway fails or times out, and keeps nothing', async () => {
      const a = await member();
      for (const kind of ['error', 'timeout'] as const) {
        await t.app.payments.simulator?.injectFaults({ requestType: 'createCustomerProfileRequest', kind });
        const res = await a.post('/api/payment/preauth', await tokenize('4111111111111111'));
        expect(res.statusCode, kind).toBe(502);
      }
      expect((await a.get('/api/payment-methods')).json()).toEqual([]);
    });
  });

  describe('payment methods', () => {
    it('adds a second card as default, moves Default when the default is removed, and guards other members', async () => {
      const a = await member();
      await a.post('/api/payment/preauth', await tokenize('4111111111111111'));
      const second = await a.post('/api/payment-methods', await tokenize('370000000000002'));
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ cardType: 'AmericanExpress', last4: '0002', isDefault: true });

      let list = (await a.get('/api/payment-methods')).json();
      expect(list.map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
        ['0002', true],
        ['1111', false],
      ]);

      const stranger = await member();
      expect((await stranger.request({ method: 'DELETE', url: `/api/payment-methods/${list[0].id}` })).statusCode).toBe(
        404,
      );
      expect((await stranger.request({ method: 'DELETE', url: '/api/payment-methods/not-a-uuid' })).statusCode).toBe(
        400,
      );

      expect((await a.request({ method: 'DELETE', url: `/api/payment-methods/${list[0].id}` })).statusCode).toBe(200);
      list = (await a.get('/api/payment-methods')).json();
      expect(list).toEqual([{ id: expect.any(String), cardType: 'Visa', last4: '1111', isDefault: true }]);
      const row = await t.database.db
        .selectFrom('users')
        .select('authNetPaymentProfileId')
        .where('email', '=', `member${memberCount() - 1}@example.com`)
        .executeTakeFirstOrThrow();
      const method = await t.database.db
        .selectFrom('paymentMethods')
        .select('paymentProfileId')
        .where('id', '=', list[0].id)
        .executeTakeFirstOrThrow();
      expect(row.authNetPaymentProfileId).toBe(method.paymentProfileId);
    });

    it('refuses the same card twice', async () => {
      const a = await member();
      await a.post('/api/payment/preauth', await tokenize('6011000000000012'));
      const res = await a.post('/api/payment-methods', await tokenize('6011000000000012'));
      expect(res.statusCode).toBe(409);
    });
  });

  describe('the gateway client over real HTTP against the simulator', () => {
    const client = () =>
      createAuthNetClient({
        endpoint: endpoint(),
        auth: { name: simulatorCredentials.apiLoginId, transactionKey: simulatorCredentials.transactionKey },
        timeoutMs: 800,
      });
    async function savedCard(card: string) {
      const created = await client().createCustomerProfile({
        merchantCustomerId: `c${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 20),
        email: 'gw@example.com',
        billTo: { firstName: 'G', lastName: 'W' },
        opaqueData: await tokenize(card),
        validationMode: 'liveMode',
      });
      return { customerProfileId: created.customerProfileId, paymentProfileId: created.customerPaymentProfileId };
    }
    const charge = (ids: { customerProfileId: string; paymentProfileId: string }, amount = '10.00') => ({
      refId: 'r1',
      amount,
      invoiceNumber: 'I1',
      description: 'Test',
      ...ids,
    });

    it('authorises, captures once, and voids', async () => {
      const ids = await savedCard('4111111111111111');
      const auth = await client().authorize(charge(ids, '389.00'));
      expect(auth.transId).toMatch(/^\d+$/);
      expect(auth.accountNumber).toBe('XXXX1111');
      await expect(client().capture({ refId: 'r1', refTransId: auth.transId })).resolves.toMatchObject({
        transId: expect.any(String),
      });
      await expect(client().capture({ refId: 'r1', refTransId: auth.transId })).rejects.toMatchObject({
        failure: 'error',
        code: '311',
      });
      const second = await client().authorize(charge(ids, '12.00'));
      await expect(client().voidTransaction({ refId: 'r1', refTransId: second.transId })).resolves.toBeDefined();
      await expect(client().capture({ refId: 'r1', refTransId: second.transId })).rejects.toMatchObject({
        code: '310',
      });
    });

    it('refuses the same charge within the duplicate window', async () => {
      const ids = await savedCard('5424000000000015');
      await client().authorize(charge(ids, '77.00'));
      await expect(client().authorize(charge(ids, '77.00'))).rejects.toMatchObject({ failure: 'error', code: '11' });
    });

    it.each([
      ['4000000000000341', 'declined', '2'],
      ['4000000000000119', 'error', '19'],
    ])('card %s: %s at charge time', async (card, failure, code) => {
      const ids = await savedCard(card);
      await expect(client().authorize(charge(ids))).rejects.toMatchObject({ failure, code });
    });

    it('times out on a card whose gateway answer never comes (the authorisation still happened)', async () => {
      const ids = await savedCard('4000000000006975');
      const error = await client()
        .authorize(charge(ids))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).failure).toBe('timeout');
      const rows = await simulatorDb(t.database)
        .selectFrom('authnetSimTransactions')
        .select('status')
        .where('paymentProfileId', '=', Number(ids.paymentProfileId))
        .execute();
      expect(rows).toEqual([{ status: 'authorized' }]);
    });

    it('declines a card at validation when creating the profile', async () => {
      await expect(savedCard('4000000000000002')).rejects.toMatchObject({ failure: 'declined', code: 'E00027' });
    });

    it('rejects keys out of XSD order, and wrong credentials', async () => {
      const post = async (body: object) => (await postGateway(endpoint(), body)).json;
      const outOfOrder = await post({
        getCustomerProfileRequest: {
          customerProfileId: '1',
          merchantAuthentication: {
            name: simulatorCredentials.apiLoginId,
            transactionKey: simulatorCredentials.transactionKey,
          },
        },
      });
      expect(outOfOrder.messages.message[0].code).toBe('E00003');
      // As the gateway's XSD validator says it: the first element out of place, and what was due.
      expect(outOfOrder.messages.message[0].text).toContain("invalid child element 'customerProfileId'");
      expect(outOfOrder.messages.message[0].text).toContain(
        "List of possible elements expected: 'merchantAuthentication'",
      );
      const wrongKey = await post({
        getCustomerProfileRequest: {
          merchantAuthentication: { name: simulatorCredentials.apiLoginId, transactionKey: 'nope' },
          customerProfileId: '1',
        },
      });
      expect(wrongKey.messages.message[0].code).toBe('E00007');
    });
  });
});
