import { backends, DEFAULT_KNIFE_FACTS } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, buildTestApp, type TestApp } from '../test-app';
import { paymentsHelpers, profile, simulatorPayments } from './payments-support';

// The onboarding profile's validation, the profile page's edits, and the member's orders and purchases.

describe.each(backends)('onboarding and payments on %s', (backend) => {
  let t: TestApp;
  const { options } = simulatorPayments();
  const { member, memberCount } = paymentsHelpers(() => t);

  beforeAll(async () => {
    t = await buildTestApp(backend, options);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the onboarding profile', () => {
    it.each([
      [{ ...profile, fullName: '' }, 'Full name is required'],
      [{ ...profile, address: ' ' }, 'Street address is required'],
      [{ ...profile, city: '' }, 'City is required'],
      [{ ...profile, state: 'T' }, 'State is required'],
      [{ ...profile, zip: '7870' }, 'ZIP code is required'],
      [{ ...profile, skillLevel: 'master' }, undefined],
    ])('refuses %j', async (body, message) => {
      const res = await (await member(false)).post('/api/onboarding/complete', body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json()).toEqual({ message, code: 'invalid_request' });
    });

    it('saves the profile, defaults the country to US, and is not complete without a card', async () => {
      const a = await member(false);
      const { fullName, address, city, state, zip, dateOfBirth } = profile;
      const res = await a.post('/api/onboarding/complete', { fullName, address, city, state, zip, dateOfBirth });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.onboardingCompleted).toBe(false);
      const saved = (await a.get('/api/profile')).json();
      expect(saved).toMatchObject({
        address,
        city,
        state,
        zip,
        country: 'US',
        skillLevel: 'beginner',
        phoneNumber: null,
        dateOfBirth,
        dateOfBirthEditable: true,
      });
    });

    it('needs a session', async () => {
      expect((await agent(t.app).post('/api/onboarding/complete', profile)).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('updates the profile with the profile edit form’s rules; email never changes', async () => {
      const a = await member();
      const bad = await a.request({
        method: 'PUT',
        url: '/api/profile',
        payload: { ...profile, firstName: '', lastName: 'B' },
      });
      expect(bad.json()).toEqual({ message: 'First name is required', code: 'invalid_request' });
      const res = await a.request({
        method: 'PUT',
        url: '/api/profile',
        payload: {
          firstName: 'Ada',
          lastName: 'Forge',
          address: '2 Anvil Rd',
          city: 'Dallas',
          state: 'TX',
          zip: '75201',
          email: 'hijack@example.com',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Ada',
        lastName: 'Forge',
        fullName: 'Ada Forge',
        address: '2 Anvil Rd',
        country: 'US',
        email: `member${memberCount()}@example.com`,
      });
    });
  });

  describe('orders and purchases', () => {
    it('lists only the member’s own purchases in the Orders tab’s order view', async () => {
      const a = await member();
      const me = (await a.get('/api/auth/user')).json().user;
      const other = await member();
      const otherUser = (await other.get('/api/auth/user')).json().user;
      const show = await t.database.db
        .insertInto('shows')
        .values({ title: 'Orders' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = await t.database.db
        .insertInto('showItems')
        .values([
          {
            showId: show.id,
            title: 'Raven Tanto',
            price: '425.00',
            status: 'sold',
            soldAt: new Date(),
            ...DEFAULT_KNIFE_FACTS,
          },
          {
            showId: show.id,
            title: 'Other Knife',
            price: '10.00',
            status: 'sold',
            soldAt: new Date(),
            ...DEFAULT_KNIFE_FACTS,
          },
        ])
        .returning('id')
        .execute();
      await t.database.db
        .insertInto('purchases')
        .values([
          {
            userId: me.id,
            showItemId: items[0]?.id ?? '',
            amount: '425.00',
            shippingAddress: '1 Forge Street, Austin, TX 78701, US',
            transactionId: '1',
          },
          {
            userId: otherUser.id,
            showItemId: items[1]?.id ?? '',
            amount: '10.00',
            shippingAddress: 'x',
            transactionId: '2',
          },
        ])
        .execute();
      const orders = (await a.get('/api/orders')).json();
      expect(orders).toEqual([
        {
          id: expect.any(String),
          status: 'authorized',
          createdAt: expect.any(String),
          productTitle: 'Raven Tanto',
          quantity: 1,
          totalAmount: '425.00',
          shippingAddress: '1 Forge Street, Austin, TX 78701, US',
          // Not yet bundled into a package, nothing refunded or returned.
          shipment: null,
          refunds: [],
          return: null,
          returnableUntil: null,
        },
      ]);
      const purchases = (await a.get('/api/purchases')).json();
      expect(purchases).toEqual([
        {
          id: orders[0].id,
          showItemId: items[0]?.id,
          itemTitle: 'Raven Tanto',
          amount: '425.00',
          status: 'authorized',
          createdAt: orders[0].createdAt,
        },
      ]);
    });
  });
});
