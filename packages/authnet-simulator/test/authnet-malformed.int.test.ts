import { backends } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGateway, simulatorState, tokenizeCard } from './support/gateway';
import { type SimulatorHost, startSimulatorHost } from './support/simulator-host';

// The simulated gateway faces strangers: whatever they POST to request.api (not JSON, the wrong
// shapes, keys out of order, bodies nested or sized to hurt), it answers like Authorize.Net:
// HTTP 200 with an error envelope, an E000xx code, and nothing changed in its tables.

const deep = (levels: number, leaf: string) => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

describe.each(backends)('the simulated gateway refuses malformed requests on %s', (backend) => {
  let t: SimulatorHost;
  let endpoint: string;
  let auth: { name: string; transactionKey: string };
  /** A real customer and card, so type errors can reach the handlers that use them. */
  let ids: { customerProfileId: string; paymentProfileId: string };

  beforeAll(async () => {
    t = await startSimulatorHost(backend);
    endpoint = t.endpoint;
    const { apiLoginId, transactionKey } = t.credentials;
    auth = { name: apiLoginId, transactionKey };
    const { opaqueData } = await tokenizeCard(
      t.endpoint,
      t.credentials,
      { cardNumber: '4111111111111111', expirationDate: '1230' },
      { id: 'malformed-suite' },
    );
    const created = await postGateway(endpoint, {
      createCustomerProfileRequest: {
        merchantAuthentication: auth,
        profile: { merchantCustomerId: 'malformed', paymentProfiles: { payment: { opaqueData } } },
      },
    });
    const body = created.json as unknown as { customerProfileId: string; customerPaymentProfileIdList: string[] };
    ids = { customerProfileId: body.customerProfileId, paymentProfileId: body.customerPaymentProfileIdList[0] ?? '' };
    expect(ids.paymentProfileId).toMatch(/^\d+$/);
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (type: string, content: Record<string, unknown>) =>
    JSON.stringify({ [type]: { merchantAuthentication: auth, ...content } });
  const charge = (transactionRequest: unknown) =>
    JSON.stringify({ createTransactionRequest: { merchantAuthentication: auth, transactionRequest } });

  const cases: Array<[string, () => string, string?]> = [
    ['an empty body', () => ''],
    ['text that is not JSON', () => 'charge everyone'],
    ['truncated JSON', () => '{"getCustomerProfileRequest":{'],
    ['XML', () => '<getCustomerProfileRequest/>'],
    ['a text/plain body', () => 'not json', 'text/plain'],
    ['a body without a content type', () => 'not json', ''],
    ['a form post', () => 'a=1&b=2', 'application/x-www-form-urlencoded'],
    ['null', () => 'null'],
    ['an array', () => '[{"getCustomerProfileRequest":{}}]'],
    ['a number', () => '42'],
    ['a string', () => '"getCustomerProfileRequest"'],
    ['an empty object', () => '{}'],
    ['two request types at once', () => `{"getCustomerProfileRequest":{},"deleteCustomerPaymentProfileRequest":{}}`],
    ['an unknown request type', () => request('chargeEveryoneRequest', {})],
    ['a request type the simulator does not implement', () => request('ARBCreateSubscriptionRequest', {})],
    ['a __proto__ request', () => '{"__proto__":{"merchantAuthentication":{}}}'],
    [
      'a missing merchantAuthentication',
      () => JSON.stringify({ getCustomerProfileRequest: { customerProfileId: '1' } }),
    ],
    [
      'merchantAuthentication as text',
      () => JSON.stringify({ getCustomerProfileRequest: { merchantAuthentication: 'x' } }),
    ],
    [
      'merchantAuthentication as an array',
      () => JSON.stringify({ getCustomerProfileRequest: { merchantAuthentication: [auth, auth] } }),
    ],
    ['the request as an array', () => JSON.stringify({ getCustomerProfileRequest: [1, 2] })],
    ['the request as null', () => '{"getCustomerProfileRequest":null}'],
    [
      'refId before merchantAuthentication',
      () => JSON.stringify({ getCustomerProfileRequest: { refId: '1', merchantAuthentication: auth } }),
    ],
    ['amount before transactionType', () => charge({ amount: '1.00', transactionType: 'authOnlyTransaction' })],
    ['an id nested too deep', () => request('getCustomerProfileRequest', { profile: { customerProfileId: '1' } })],
    ['an id as an object', () => request('getCustomerProfileRequest', { customerProfileId: { id: '1' } })],
    ['an id with letters', () => request('getCustomerProfileRequest', { customerProfileId: '12ab' })],
    ['an id of twenty digits', () => request('getCustomerProfileRequest', { customerProfileId: '9'.repeat(20) })],
    ['a profile as true', () => request('createCustomerProfileRequest', { profile: true })],
    [
      'payment profiles as text',
      () => request('createCustomerProfileRequest', { profile: { paymentProfiles: 'card' } }),
    ],
    [
      'an unknown validation mode',
      () => request('createCustomerProfileRequest', { profile: {}, validationMode: 'always' }),
    ],
    [
      'two transaction requests',
      () => charge([{ transactionType: 'voidTransaction' }, { transactionType: 'voidTransaction' }]),
    ],
    ['an amount in words', () => charge({ transactionType: 'authOnlyTransaction', amount: 'ten' })],
    ['an amount as an object', () => charge({ transactionType: 'authOnlyTransaction', amount: { value: 10 } })],
    ['an amount of 1e308', () => charge({ transactionType: 'authOnlyTransaction', amount: 1e308 })],
    [
      'a paging limit of zero',
      () =>
        request('getTransactionListForCustomerRequest', { customerProfileId: '1', paging: { limit: 0, offset: 1 } }),
    ],
    [
      'a sort order of maybe',
      () =>
        request('getTransactionListForCustomerRequest', {
          customerProfileId: '1',
          sorting: { orderBy: 'id', orderDescending: 'maybe' },
        }),
    ],
    ['an unknown transaction type', () => charge({ transactionType: 'refundEverything' })],
    ['a refId of 40,000 characters', () => request('getCustomerProfileRequest', { refId: 'x'.repeat(40_000) })],
    ['a body over the size limit', () => request('getCustomerProfileRequest', { refId: 'x'.repeat(200_000) })],
    ['a NUL in a value', () => request('getCustomerProfileRequest', { refId: 'a\u0000b' })],
    [
      'a NUL in a key',
      () => JSON.stringify({ getCustomerProfileRequest: { merchantAuthentication: auth, 'ref\u0000Id': '1' } }),
    ],
    ['a lone surrogate', () => request('getCustomerProfileRequest', { refId: '\ud800' })],
    ['a 10,000-level nested object', () => `{"getCustomerProfileRequest":${deep(10_000, '1')}}`],
    [
      'a 30,000-level nested array',
      () => `{"getCustomerProfileRequest":{"refId":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`,
    ],
    // Shapes the XSD accepts, with values only the handlers can refuse: still the envelope.
    [
      'a charge of a hundred million',
      () =>
        charge({
          transactionType: 'authOnlyTransaction',
          amount: '100000000.00',
          profile: {
            customerProfileId: ids.customerProfileId,
            paymentProfile: { paymentProfileId: ids.paymentProfileId },
          },
        }),
    ],
    [
      'a charge of a thousandth of a cent',
      () =>
        charge({
          transactionType: 'authOnlyTransaction',
          amount: '0.00001',
          profile: {
            customerProfileId: ids.customerProfileId,
            paymentProfile: { paymentProfileId: ids.paymentProfileId },
          },
        }),
    ],
    [
      'a capture of a transaction that never was',
      () => charge({ transactionType: 'priorAuthCaptureTransaction', refTransId: '99999999999999999999' }),
    ],
    [
      'a token that was never issued',
      () =>
        request('createCustomerProfileRequest', {
          profile: {
            paymentProfiles: [
              {
                payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'x'.repeat(5000) } },
              },
            ],
          },
        }),
    ],
    [
      'a card profile of another customer',
      () =>
        request('deleteCustomerPaymentProfileRequest', {
          customerProfileId: '1',
          customerPaymentProfileId: ids.paymentProfileId,
        }),
    ],
  ];

  it(`answers each of ${cases.length} malformed bodies with the gateway's error envelope and changes nothing`, async () => {
    const before = await simulatorState(t.database);
    for (const [label, body, contentType] of cases) {
      const reply = await postGateway(
        endpoint,
        body(),
        contentType === undefined ? 'application/json' : contentType || null,
      );
      const context = `${label}: ${reply.text.slice(0, 300)}`;
      expect(reply.status, context).toBe(200);
      expect(reply.json.messages?.resultCode, context).toBe('Error');
      expect(reply.json.messages.message[0]?.code, context).toMatch(/^E\d{5}$/);
      if (reply.json.transactionResponse) expect(reply.json.transactionResponse.responseCode, context).not.toBe('1');
    }
    expect(await simulatorState(t.database)).toEqual(before);
  });
});
