import {
  authMessages,
  nameMessages,
  paymentMessages,
  priceMessages,
  showMessages,
  textMessages,
  unstorableValueMessage,
} from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExternalClaims, resolveExternalUser } from '../../src/auth/external-accounts';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

/**
 * Each input that used to reach the database unchecked and answer 500 (found by the fuzz test):
 * now a 400 with the contract's message, or stored within its column.
 */
const member = { firstName: 'Ada', lastName: 'Blade', email: 'ada@example.com', password: 'sharp-edges-99' };
const address = { address: '1 Forge Street', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

describe.each(backends)('input limits on %s', (backend) => {
  let t: TestApp;
  let customer: string;
  let admin: string;
  let customerId: string;
  let showId: string;
  let ip = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      prepare: (app) => {
        // A handler that skips validation, to prove the error handler's safety net.
        app.post('/test/unvalidated', async () => {
          await app.db
            .insertInto('shows')
            .values({ title: 'x'.repeat(201) })
            .execute();
          return {};
        });
      },
    });
    const { customer: c, admin: a } = await seedCustomerAndAdmin(t);
    customer = c.cookie;
    customerId = c.userId;
    admin = a.cookie;
    const show = await t.database.db
      .insertInto('shows')
      .values({ title: 'Limits' })
      .returning('id')
      .executeTakeFirstOrThrow();
    showId = show.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: `10.9.0.${++ip}`,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('refuses first and last names whose full name would not fit, and stores one that just fits', async () => {
    const tooLong = await send('POST', '/api/auth/register', {
      ...member,
      firstName: 'A'.repeat(100),
      lastName: 'B'.repeat(100),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: nameMessages.fullNameTooLong, code: 'invalid_request' });

    const fits = await send('POST', '/api/auth/register', {
      ...member,
      firstName: 'A'.repeat(100),
      lastName: 'B'.repeat(99),
    });
    expect(fits.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('users')
      .select('fullName')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(row.fullName).toHaveLength(200);

    const profile = await send(
      'PUT',
      '/api/profile',
      { ...address, firstName: 'A'.repeat(100), lastName: 'B'.repeat(100) },
      customer,
    );
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ message: nameMessages.fullNameTooLong, code: 'invalid_request' });
  });

  it('checks an email’s length after lower-casing it (İ grows to two characters)', async () => {
    const email = `${'İ'.repeat(240)}@example.com`;
    for (const [url, body] of [
      ['/api/auth/register', { ...member, email }],
      ['/api/auth/login', { email, password: 'whatever-123' }],
      ['/api/auth/forgot-password', { email }],
    ] as const) {
      const res = await send('POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: authMessages.emailTooLong, code: 'invalid_request' });
    }
  });

  it('refuses a NUL or another control character in any text field', async () => {
    const cases: Array<[string, 'POST' | 'PUT' | 'PATCH', string, object, string | undefined]> = [
      ['register', 'POST', '/api/auth/register', { ...member, firstName: 'A\u0000da' }, undefined],
      ['login', 'POST', '/api/auth/login', { email: 'a\u0000@example.com', password: 'x' }, undefined],
      ['forgot', 'POST', '/api/auth/forgot-password', { email: 'a\u0000@example.com' }, undefined],
      ['profile', 'PUT', '/api/profile', { ...address, city: 'Aus\u0000tin', firstName: 'A', lastName: 'B' }, customer],
      ['onboarding', 'POST', '/api/onboarding/complete', { ...address, fullName: 'A\u001bB' }, customer],
      ['show', 'POST', '/api/shows', { title: 'Show\u0000', perKnifeSeconds: 30 }, admin],
      ['show edit', 'PATCH', `/api/shows/${showId}`, { description: 'a\u0000b' }, admin],
      ['item', 'POST', '/api/show-items', { showId, title: 'Knife', price: '10', blade: 'x\u0000' }, admin],
      [
        'card',
        'POST',
        '/api/payment-methods',
        { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'a\u0000' },
        customer,
      ],
    ];
    for (const [name, method, url, body, cookie] of cases) {
      const res = await send(method, url, body, cookie);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(
        name === 'card' ? paymentMessages.validationFailed : textMessages.controlCharacters,
      );
      expect(res.json().code, name).toBe('invalid_request');
    }
    // Line breaks and tabs are fine in multi-line text.
    const multiline = await send(
      'POST',
      '/api/shows',
      { title: 'Show', description: 'a\n\tb', perKnifeSeconds: 30 },
      admin,
    );
    expect(multiline.statusCode).toBe(201);
  });

  it('refuses half a surrogate pair (PGlite cannot even encode it) but stores emoji', async () => {
    const broken = await send('PUT', '/api/profile', { ...address, firstName: 'A\ud83d', lastName: 'B' }, customer);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: textMessages.invalidCharacters, code: 'invalid_request' });
    const emoji = await send(
      'PUT',
      '/api/profile',
      { ...address, firstName: '🔪'.repeat(50), lastName: 'B' },
      customer,
    );
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses prices with fractions of a cent instead of rounding them to 0.00', async () => {
    for (const price of ['0.001', 0.001, '0.005', '12.345']) {
      const res = await send('POST', '/api/show-items', { showId, title: 'Knife', price }, admin);
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json()).toEqual({ message: priceMessages.cents, code: 'invalid_request' });
    }
    for (const price of ['0', '-1', 'abc', 0]) {
      const res = await send('POST', '/api/show-items', { showId, title: 'Knife', price }, admin);
      expect(res.json(), String(price)).toEqual({ message: priceMessages.positive, code: 'invalid_request' });
    }
    const tooHigh = await send('POST', '/api/show-items', { showId, title: 'Knife', price: '100000000' }, admin);
    expect(tooHigh.json()).toEqual({ message: priceMessages.tooHigh, code: 'invalid_request' });
    const ok = await send(
      'POST',
      '/api/show-items',
      { showId, title: 'Knife', price: '1.500', ...DEFAULT_KNIFE_FACTS },
      admin,
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().price).toBe('1.50');
  });

  it('refuses a launch time Postgres cannot store (year 0)', async () => {
    const res = await send('PATCH', `/api/shows/${showId}/schedule`, { launchTime: '0000-01-01T00:00:00Z' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: showMessages.launchTimeInvalid, code: 'invalid_request' });
  });

  it('cuts names derived from a long full name to their columns at onboarding', async () => {
    await t.database.db
      .updateTable('users')
      .set({ firstName: null, lastName: null })
      .where('id', '=', customerId)
      .execute();
    const res = await send(
      'POST',
      '/api/onboarding/complete',
      { ...address, fullName: `${'N'.repeat(150)} Z`, dateOfBirth: '1990-01-01' },
      customer,
    );
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select(['firstName', 'lastName', 'fullName'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: 'N'.repeat(100), lastName: 'Z', fullName: `${'N'.repeat(150)} Z` });
  });

  it('stores an external provider’s names within their columns, and refuses a subject it cannot store', async () => {
    expect(ExternalClaims.safeParse({ sub: 'a\u0000b' }).success).toBe(false);
    const claims = ExternalClaims.parse({
      sub: 'provider-long-names',
      email: 'Long.Names@Example.com',
      email_verified: true,
      given_name: `Gi\u0000${'v'.repeat(300)}`,
      family_name: 'F'.repeat(300),
      picture: 'not a url',
    });
    const outcome = await resolveExternalUser(t.app.deps, 'oidc', claims);
    if (!('user' in outcome)) throw new Error('no user');
    expect(outcome.user.firstName).toBe(`Gi${'v'.repeat(98)}`);
    expect(outcome.user.lastName).toBe('F'.repeat(100));
    expect(outcome.user.fullName?.length).toBeLessThanOrEqual(200);
    expect(outcome.user.avatarUrl).toBeNull();
  });

  it('answers 400, not 500, when the database refuses a value validation let through', async () => {
    const res = await send('POST', '/test/unvalidated', {}, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: unstorableValueMessage, code: 'invalid_request' });
  });
});
