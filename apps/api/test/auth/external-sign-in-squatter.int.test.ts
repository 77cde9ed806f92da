import { simulatorDb } from '@vault/authnet-simulator';
import { loginNotices, pushKinds } from '@vault/contracts';
import { backends, buildShow, DEFAULT_KNIFE_FACTS, databaseWriter, knives } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider';
import { cheapPasswordHash } from '../support/passwords';
import { agent, buildTestApp, currentUser, msUntilRefused, ORIGIN, type TestApp, tokenizeCard } from '../test-app';

/**
 * A stranger registers someone's address (never verified), sets the account up and stays signed
 * in. When the owner of the address signs in through the external provider with a verified email,
 * the account must become theirs alone: the stranger's password and sessions (on every replica)
 * end, and everything they planted is gone — at the gateway too — before the owner's first page.
 */
describe.each(backends)('an account squatted before its owner signs in externally, on %s', (backend) => {
  let oidc: OidcProvider;
  let t: TestApp;
  let replicaB: FastifyInstance;
  let seq = 0;

  beforeAll(async () => {
    oidc = await startOidcProvider();
    t = await buildTestApp(backend, {
      listen: true,
      config: { oauth: { oidc: oidc.config(), google: oidc.config() } },
    });
    // Another replica on the same database (and, on Postgres, its own Redis bus connection).
    replicaB = await t.sibling({ ownBus: true });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.stop();
  });

  const db = () => t.database.db;

  /** A live show an hour away with two items: something to heart and to be reminded of. */
  async function upcomingShow() {
    const writer = databaseWriter(db(), { status: 'scheduled', launchTime: new Date(Date.now() + 3_600_000) });
    return buildShow(writer, { title: `Squat ${backend} ${++seq}`, items: knives(2, { price: '99.00' }) });
  }

  /** The stranger: registers the address, onboards with their own shipping address, saves a card, hearts, subscribes. */
  async function squat(email: string, password: string, show: { showId: string; itemIds: string[] }) {
    const squatter = agent(t.app);
    const registered = await squatter.post('/api/auth/register', {
      firstName: 'Sly',
      lastName: 'Squatter',
      email,
      password,
    });
    expect(registered.statusCode).toBe(201);
    expect((await squatter.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    const onboarded = await squatter.post('/api/onboarding/complete', {
      fullName: 'Sly Squatter',
      address: '13 Drop Box Lane',
      city: 'Elsewhere',
      state: 'NV',
      zip: '89001',
      phoneNumber: '555-0100',
      skillLevel: 'expert',
      dateOfBirth: '1985-05-05',
    });
    expect(onboarded.statusCode).toBe(200);
    const { opaqueData } = await tokenizeCard(t.app, '4111111111111111');
    expect((await squatter.post('/api/payment/preauth', opaqueData)).statusCode).toBe(200);
    const [itemId] = show.itemIds;
    expect((await squatter.request({ method: 'PUT', url: `/api/hearts/${itemId}` })).statusCode).toBe(200);
    expect((await squatter.request({ method: 'PUT', url: `/api/reminders/${show.showId}` })).statusCode).toBe(200);
    // Their browser subscribed to the account's pushes, switched to the wins only.
    const browser = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/squatter-phone',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      kinds: ['won'],
    };
    expect((await squatter.post('/api/push/subscriptions', browser)).statusCode).toBe(201);
    const me = (await squatter.get('/api/auth/user')).json().user;
    expect(me).toMatchObject({ email, emailVerified: false, onboardingCompleted: true });
    return { squatter, cookie: squatter.sessionCookie(), userId: me.id as string };
  }

  async function ownerSignsIn(claims: Record<string, unknown>, startPath = '/api/login') {
    oidc.claims = claims;
    const owner = agent(t.app);
    const done = await owner.get(await oidc.throughProvider(owner, startPath));
    return { owner, done };
  }

  it('gives the owner a clean account: the squatter is signed out everywhere, their password and everything they planted are gone', async () => {
    const email = `victim.${backend}@example.com`;
    const password = 'squatter-pass-1';
    const show = await upcomingShow();
    const { squatter, cookie, userId } = await squat(email, password, show);
    // The squatter also buys something: a real order, on their own card, to their own address.
    const testShow = await db()
      .insertInto('shows')
      .values({ title: 'Test products', kind: 'test_products' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db()
      .insertInto('showItems')
      .values({
        showId: testShow.id,
        title: `Squatter buy ${backend}`,
        price: '1.00',
        status: 'available',
        ...DEFAULT_KNIFE_FACTS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await squatter.post('/api/show/buy', { showItemId: product.id })).statusCode).toBe(200);

    const [card] = await db().selectFrom('paymentMethods').selectAll().where('userId', '=', userId).execute();
    if (!card) throw new Error('the squatter saved no card');
    const sim = simulatorDb(t.database);
    const simCustomer = () =>
      sim.selectFrom('authnetSimCustomers').select('id').where('id', '=', Number(card.customerProfileId)).execute();
    expect(await simCustomer()).toHaveLength(1);
    const [reminder] = await db().selectFrom('showReminders').selectAll().where('userId', '=', userId).execute();
    if (!reminder) throw new Error('the squatter set no reminder');
    // Replica B has the squatter's session cached: it must not keep serving it for the cache's TTL.
    expect((await currentUser(replicaB, cookie)).statusCode).toBe(200);

    const ownerSub = `owner-${backend}`;
    const { owner, done } = await ownerSignsIn({
      sub: ownerSub,
      email: email.toUpperCase(),
      email_verified: true,
      given_name: 'Vera',
      family_name: 'Owner',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const signedOutAt = Date.now();

    // The squatter: their cookie is refused here and on the other replica, their password fails.
    expect((await currentUser(t.app, cookie)).statusCode).toBe(401);
    expect(await msUntilRefused(replicaB, cookie, signedOutAt)).toBeLessThan(2000);
    const relogin = await agent(t.app).post('/api/auth/login', { email, password });
    expect(relogin.statusCode).toBe(401);
    // Nor can they keep using the account through the payment methods or profile API.
    const probe = await t.app.inject({ url: '/api/payment-methods', headers: { cookie, origin: ORIGIN } });
    expect(probe.statusCode).toBe(401);

    // The owner: the same account, now verified, linked to their identity, and empty.
    const me = await owner.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      id: userId,
      email,
      emailVerified: true,
      onboardingCompleted: false,
      firstName: 'Vera',
      lastName: 'Owner',
    });
    const profile = (await owner.get('/api/profile')).json();
    expect(profile).toMatchObject({
      firstName: 'Vera',
      lastName: 'Owner',
      fullName: 'Vera Owner',
      address: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      phoneNumber: null,
      skillLevel: null,
    });
    expect((await owner.get('/api/payment-methods')).json()).toEqual([]);
    // The squatter's order is not the owner's: it stays a record, on an account nobody can sign in to.
    expect((await owner.get('/api/orders')).json()).toEqual([]);
    expect((await owner.get('/api/purchases')).json()).toEqual([]);
    const kept = await db()
      .selectFrom('purchases')
      .innerJoin('users', 'users.id', 'purchases.userId')
      .select(['users.email', 'users.password', 'users.googleId', 'users.oidcSubject', 'purchases.shippingAddress'])
      .where('purchases.showItemId', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ password: null, googleId: null, oidcSubject: null });
    expect(kept.email).toMatch(/^retired-.+@reclaimed\.invalid$/);
    expect(kept.shippingAddress).toContain('13 Drop Box Lane');
    const hearts = (await owner.get(`/api/hearts?showId=${show.showId}`)).json();
    expect(JSON.stringify(hearts)).not.toContain('"hearted":true');
    expect((await owner.get(`/api/reminders/${show.showId}`)).json()).toEqual({
      showId: show.showId,
      subscribed: false,
    });
    // No push of the owner's reaches the squatter's browser; the switches are the defaults again.
    expect((await owner.get('/api/push/preferences')).json()).toEqual({ kinds: [...pushKinds], devices: 0 });
    // The unsubscribe token the squatter held no longer names anything.
    expect(await db().selectFrom('showReminders').select('userId').where('userId', '=', userId).execute()).toEqual([]);
    const row = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      password: null,
      oidcSubject: ownerSub,
      googleId: null,
      authNetCustomerProfileId: null,
      authNetPaymentProfileId: null,
      resetToken: null,
      verificationToken: null,
    });
    // The saved card is gone at the gateway as well: the simulator holds no such customer profile.
    expect(await simCustomer()).toEqual([]);
    expect(
      await sim
        .selectFrom('authnetSimPaymentProfiles')
        .select('id')
        .where('id', '=', Number(card.paymentProfileId))
        .execute(),
    ).toEqual([]);

    // The owner can onboard and save a card of their own (no duplicate profile left in the way).
    expect(
      (
        await owner.post('/api/onboarding/complete', {
          fullName: 'Vera Owner',
          address: '1 Home Street',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          phoneNumber: '',
          dateOfBirth: '1979-09-09',
        })
      ).statusCode,
    ).toBe(200);
    const { opaqueData } = await tokenizeCard(t.app, '4111111111111111');
    expect((await owner.post('/api/payment/preauth', opaqueData)).statusCode).toBe(200);
  });

  it('still signs the owner in when the gateway cannot delete the card, and keeps the profile referenced for a retry', async () => {
    const email = `victim-fault.${backend}@example.com`;
    const { cookie, userId } = await squat(email, 'squatter-pass-2', await upcomingShow());
    const [card] = await db().selectFrom('paymentMethods').selectAll().where('userId', '=', userId).execute();
    if (!card) throw new Error('the squatter saved no card');
    await t.app.payments.simulator?.injectFaults({ requestType: 'deleteCustomerProfileRequest', kind: 'error' });

    const { owner, done } = await ownerSignsIn({ sub: `owner-fault-${backend}`, email, email_verified: true });
    expect(done.headers.location).toBe('/');
    expect((await currentUser(t.app, cookie)).statusCode).toBe(401);
    expect((await owner.get('/api/payment-methods')).json()).toEqual([]);
    // Not leaked: the account still names the profile, so it is not forgotten at the gateway.
    const row = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row.authNetCustomerProfileId).toBe(card.customerProfileId);
    expect(row.authNetPaymentProfileId).toBeNull();
  });

  it('does not take a provider\'s "true" string for a verified email', async () => {
    const email = `victim-string.${backend}@example.com`;
    const { cookie } = await squat(email, 'squatter-pass-3', await upcomingShow());
    const { owner, done } = await ownerSignsIn(
      { sub: `owner-string-${backend}`, email, email_verified: 'true' },
      '/api/auth/google',
    );
    expect(done.headers.location).toBe('/login?notice=account-exists');
    expect((await owner.get('/api/auth/user')).statusCode).toBe(401);
    // Nothing changed: the account was not linked (and its holder still signed in).
    expect((await currentUser(t.app, cookie)).statusCode).toBe(200);
    const row = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ googleId: null, emailVerified: false });
  });

  it('creates a new account from a "true" string as unverified', async () => {
    const email = `new-string.${backend}@example.com`;
    const { owner } = await ownerSignsIn({ sub: `new-string-${backend}`, email, email_verified: 'true' });
    expect((await owner.get('/api/auth/user')).json().user).toMatchObject({ email, emailVerified: false });
  });

  it.each([
    ['/api/login', 'oidcSubject'],
    ['/api/auth/google', 'googleId'],
  ] as const)('never links the admin account through %s, even with a verified email', async (startPath, column) => {
    const email = `admin-${column.toLowerCase()}.${backend}@example.com`;
    await db()
      .insertInto('users')
      .values({ email, password: await cheapPasswordHash('admin-pass-123'), role: 'admin', emailVerified: true })
      .execute();
    const { owner, done } = await ownerSignsIn(
      { sub: `admin-${column}-${backend}`, email, email_verified: true },
      startPath,
    );
    expect(done.headers.location).toBe('/login?notice=admin-password-only');
    expect(loginNotices['admin-password-only']).toMatch(/password/);
    expect((await owner.get('/api/auth/user')).statusCode).toBe(401);
    const row = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ googleId: null, oidcSubject: null, role: 'admin' });
    expect(row.password).not.toBeNull();
    expect((await agent(t.app).post('/api/auth/login', { email, password: 'admin-pass-123' })).statusCode).toBe(200);
  });

  it('refuses the admin account through an identity linked to it before', async () => {
    const email = `admin-linked.${backend}@example.com`;
    const sub = `admin-linked-${backend}`;
    await db()
      .insertInto('users')
      .values({ email, password: await cheapPasswordHash('admin-pass-123'), role: 'admin', oidcSubject: sub })
      .execute();
    const { owner, done } = await ownerSignsIn({ sub, email, email_verified: true });
    expect(done.headers.location).toBe('/login?notice=admin-password-only');
    expect((await owner.get('/api/auth/user')).statusCode).toBe(401);
  });
});
