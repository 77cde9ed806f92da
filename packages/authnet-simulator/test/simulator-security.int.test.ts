import { backends } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSimulatorCredentials, type SimulatorCredentials } from '../src/index';
import { postGateway, simulatorState, tokenizeCard } from './support/gateway';
import { type SimulatorHost, startSimulatorHost } from './support/simulator-host';

/** What the repository used to ship as every install's simulator credentials. */
const OLD_REPO_CREDENTIALS: SimulatorCredentials = {
  apiLoginId: 'vault-simulator',
  transactionKey: 'simulator-transaction-key',
  clientKey: 'simulator-public-client-key',
};
const AUTH_FAILED = { code: 'E00007', text: 'User authentication failed due to invalid authentication values.' };
/**
 * Refused before anything runs: E00007, or E00003 when the key does not even fit the XSD (the old
 * 25-character transaction key, a client key in the 16-character transaction key slot), which is
 * what Authorize.Net answers to those too.
 */
const REFUSED_CODES = ['E00007', 'E00003'];

type Json = Record<string, unknown>;
type Auth = { name: string; transactionKey?: string; clientKey?: string };

/** The targets a stranger would go for: another member's profile, card and authorisation. */
interface Victim {
  customerProfileId: string;
  paymentProfileId: string;
  transId: string;
  freshTokens: string[];
}

/**
 * One schema-valid request of every type the simulator serves besides the token request, each
 * aimed at the victim: read the profile, list its transactions, add a card, open a profile,
 * charge the saved card, capture or void the victim's authorisation, delete the card.
 */
function privilegedRequests(auth: Auth, victim: Victim): Array<[string, Json]> {
  const opaque = (i: number) => ({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: victim.freshTokens[i] });
  const saved = {
    customerProfileId: victim.customerProfileId,
    paymentProfile: { paymentProfileId: victim.paymentProfileId },
  };
  return [
    [
      'getCustomerProfileRequest',
      { getCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: victim.customerProfileId } },
    ],
    [
      'getTransactionListForCustomerRequest',
      {
        getTransactionListForCustomerRequest: {
          merchantAuthentication: auth,
          customerProfileId: victim.customerProfileId,
        },
      },
    ],
    [
      'createCustomerPaymentProfileRequest',
      {
        createCustomerPaymentProfileRequest: {
          merchantAuthentication: auth,
          customerProfileId: victim.customerProfileId,
          paymentProfile: { billTo: { firstName: 'Eve' }, payment: { opaqueData: opaque(0) } },
          validationMode: 'liveMode',
        },
      },
    ],
    [
      'createCustomerProfileRequest',
      {
        createCustomerProfileRequest: {
          merchantAuthentication: auth,
          profile: {
            merchantCustomerId: `eve${Date.now()}`.slice(0, 20),
            email: 'eve@example.com',
            paymentProfiles: { billTo: { firstName: 'Eve' }, payment: { opaqueData: opaque(1) } },
          },
          validationMode: 'liveMode',
        },
      },
    ],
    [
      'createTransactionRequest authOnlyTransaction',
      {
        createTransactionRequest: {
          merchantAuthentication: auth,
          transactionRequest: { transactionType: 'authOnlyTransaction', amount: '999.00', profile: saved },
        },
      },
    ],
    [
      'createTransactionRequest authCaptureTransaction',
      {
        createTransactionRequest: {
          merchantAuthentication: auth,
          transactionRequest: { transactionType: 'authCaptureTransaction', amount: '998.00', profile: saved },
        },
      },
    ],
    [
      'createTransactionRequest priorAuthCaptureTransaction',
      {
        createTransactionRequest: {
          merchantAuthentication: auth,
          transactionRequest: { transactionType: 'priorAuthCaptureTransaction', refTransId: victim.transId },
        },
      },
    ],
    [
      'createTransactionRequest voidTransaction',
      {
        createTransactionRequest: {
          merchantAuthentication: auth,
          transactionRequest: { transactionType: 'voidTransaction', refTransId: victim.transId },
        },
      },
    ],
    [
      'deleteCustomerPaymentProfileRequest',
      {
        deleteCustomerPaymentProfileRequest: {
          merchantAuthentication: auth,
          customerProfileId: victim.customerProfileId,
          customerPaymentProfileId: victim.paymentProfileId,
        },
      },
    ],
  ];
}

describe.each(backends)('the payment simulator, attacked by a stranger, on %s', (backend) => {
  let t: SimulatorHost;
  let endpoint: string;
  let credentials: SimulatorCredentials;
  let victim: Victim;

  const post = async (body: Json): Promise<Json> => (await postGateway(endpoint, body)).json;
  const firstMessage = (reply: Json) =>
    (reply.messages as { message: Array<{ code: string; text: string }> }).message[0];
  const resultCode = (reply: Json) => (reply.messages as { resultCode: string }).resultCode;

  const tokenize = async (cardNumber: string, auth?: Auth): Promise<Json> =>
    (await tokenizeCard(t.endpoint, t.credentials, cardNumber, { auth })).json;
  const token = async (cardNumber: string): Promise<string> =>
    (await tokenizeCard(t.endpoint, t.credentials, cardNumber)).opaqueData.dataValue;
  const merchant = (): Auth => ({ name: credentials.apiLoginId, transactionKey: credentials.transactionKey });
  /** A card saved on a new customer profile and an authorisation on it, made by the merchant itself. */
  async function savedCardAuthorised(card: {
    number: string;
    amount: string;
    profile: Json;
    billTo?: Json;
    validationMode?: 'liveMode';
  }) {
    const created = await post({
      createCustomerProfileRequest: {
        merchantAuthentication: merchant(),
        profile: {
          ...card.profile,
          paymentProfiles: {
            billTo: card.billTo,
            payment: {
              opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: await token(card.number) },
            },
          },
        },
        validationMode: card.validationMode,
      },
    });
    const customerProfileId = created.customerProfileId as string;
    const paymentProfileId = (created.customerPaymentProfileIdList as string[])[0] ?? '';
    const authorised = await post({
      createTransactionRequest: {
        merchantAuthentication: merchant(),
        transactionRequest: {
          transactionType: 'authOnlyTransaction',
          amount: card.amount,
          profile: { customerProfileId, paymentProfile: { paymentProfileId } },
        },
      },
    });
    const transId = (authorised.transactionResponse as { transId: string }).transId;
    return { created, authorised, ids: { customerProfileId, paymentProfileId, transId } };
  }

  beforeAll(async () => {
    t = await startSimulatorHost(backend);
    endpoint = t.endpoint;
    credentials = t.credentials;

    // A member's saved card and an open authorisation.
    const { created, authorised, ids } = await savedCardAuthorised({
      number: '4111111111111111',
      amount: '120.00',
      profile: { merchantCustomerId: 'victim', email: 'victim@example.com' },
      billTo: { firstName: 'Val' },
      validationMode: 'liveMode',
    });
    expect(resultCode(created)).toBe('Ok');
    expect(resultCode(authorised)).toBe('Ok');
    // Unused tokens in the requests below: were a request to get through, it would save a card.
    victim = { ...ids, freshTokens: [await token('5424000000000015'), await token('370000000000002')] };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the credentials that used to ship in the repository, for every request type', async () => {
    const before = await simulatorState(t.database);
    const old = { name: OLD_REPO_CREDENTIALS.apiLoginId, transactionKey: OLD_REPO_CREDENTIALS.transactionKey };
    for (const [type, body] of privilegedRequests(old, victim)) {
      const reply = await post(body);
      expect(resultCode(reply), type).toBe('Error');
      expect(REFUSED_CODES, type).toContain(firstMessage(reply)?.code);
    }
    // The old login id with a key of the schema's length is an authentication failure as such.
    const oldLogin = {
      name: OLD_REPO_CREDENTIALS.apiLoginId,
      transactionKey: OLD_REPO_CREDENTIALS.transactionKey.slice(0, 16),
    };
    for (const [type, body] of privilegedRequests(oldLogin, victim)) {
      expect(firstMessage(await post(body)), type).toEqual(AUTH_FAILED);
    }
    const oldToken = await tokenize('4111111111111111', {
      name: OLD_REPO_CREDENTIALS.apiLoginId,
      clientKey: OLD_REPO_CREDENTIALS.clientKey,
    });
    expect(firstMessage(oldToken)).toEqual(AUTH_FAILED);
    expect(await simulatorState(t.database)).toBe(before);
  });

  it('needs the transaction key for everything but the token request; without it nothing changes', async () => {
    const strangers: Array<[string, Auth]> = [
      ['the public client key only', { name: credentials.apiLoginId, clientKey: credentials.clientKey }],
      [
        'the client key in the transaction key slot',
        { name: credentials.apiLoginId, transactionKey: credentials.clientKey },
      ],
      [
        'a wrong transaction key',
        { name: credentials.apiLoginId, transactionKey: generateSimulatorCredentials().transactionKey },
      ],
      ['no key at all', { name: credentials.apiLoginId }],
      ['the right key under another login id', { name: 'someoneelse1', transactionKey: credentials.transactionKey }],
    ];
    const before = await simulatorState(t.database);
    for (const [who, auth] of strangers) {
      for (const [type, body] of privilegedRequests(auth, victim)) {
        const reply = await post(body);
        const expected = who === 'the client key in the transaction key slot' ? REFUSED_CODES : [AUTH_FAILED.code];
        expect(resultCode(reply), `${type} with ${who}`).toBe('Error');
        expect(expected, `${type} with ${who}`).toContain(firstMessage(reply)?.code);
      }
    }
    expect(await simulatorState(t.database)).toBe(before);

    // The public client key is enough for what Accept.js does in a browser: a card token.
    expect(resultCode(await tokenize('6011000000000012'))).toBe('Ok');
    // …and the same requests with the merchant's transaction key do act: they were refused only for the key.
    for (const [type, body] of privilegedRequests(merchant(), victim)) {
      expect(resultCode(await post(body)), type).toBe('Ok');
    }
  });

  it('hands out random ids of the gateway shapes, unrelated from one profile to the next', async () => {
    const profiles = [];
    for (const [i, number] of ['4111111111111111', '5424000000000015'].entries()) {
      const profile = { merchantCustomerId: `ids${i}${Date.now()}`.slice(0, 20) };
      profiles.push((await savedCardAuthorised({ number, amount: '10.00', profile })).ids);
    }
    const [a, b] = profiles;
    if (!a || !b) throw new Error('no profiles');
    for (const ids of profiles) {
      expect(ids.customerProfileId).toMatch(/^[1-9]\d{8,9}$/);
      expect(ids.paymentProfileId).toMatch(/^[1-9]\d{8,9}$/);
      expect(ids.transId).toMatch(/^[1-9]\d{10}$/);
    }
    // Sequential ids (the old identity columns) would differ by exactly one between neighbours.
    for (const key of ['customerProfileId', 'paymentProfileId', 'transId'] as const) {
      expect(Math.abs(Number(a[key]) - Number(b[key])), key).toBeGreaterThan(1);
    }
    expect(Math.abs(Number(a.customerProfileId) - Number(victim.customerProfileId))).toBeGreaterThan(2);
  });
});
