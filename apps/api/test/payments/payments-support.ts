import { generateSimulatorCredentials } from '@vault/authnet-simulator';
import { expect } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { type Agent, agent, type TestApp, tokenizeCard } from '../test-app';

// Shared by the onboarding-and-payments tests: the app's gateway settings, a member signed in
// (onboarded by default), and a card tokenised as Accept.js does it in the browser.

export const profile = {
  fullName: 'Ada Blade',
  address: '1 Forge Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phoneNumber: '',
  skillLevel: 'expert',
  dateOfBirth: '1990-01-01',
};

/** Test app settings with the payment simulator on, and the credentials it checks. */
export function simulatorPayments() {
  const simulatorCredentials = generateSimulatorCredentials();
  const config = {
    payments: { mode: 'simulator' as const, env: 'sandbox' as const, timeoutMs: 1500, ...simulatorCredentials },
  };
  return { simulatorCredentials, options: { listen: true, config } };
}

export function paymentsHelpers(app: () => TestApp) {
  /** What Accept.js does in the browser: card data to the (simulated) provider, a token back. */
  async function tokenize(cardNumber: string) {
    const { bytes, json, opaqueData } = await tokenizeCard(app().app, cardNumber);
    // Like Authorize.Net, the body starts with a UTF-8 byte order mark (fetch's text() would hide it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(json.messages.resultCode).toBe('Ok');
    return opaqueData;
  }

  let n = 0;
  async function member(withProfile = true): Promise<Agent> {
    const email = `member${++n}@example.com`;
    await app()
      .database.db.insertInto('users')
      .values({ email, password: await cheapPasswordHash('password-123'), firstName: 'Ada', lastName: 'Blade' })
      .execute();
    const a = agent(app().app);
    await a.post('/api/auth/login', { email, password: 'password-123' });
    if (withProfile) expect((await a.post('/api/onboarding/complete', profile)).statusCode).toBe(200);
    return a;
  }

  /** How many members member() has made: the last one's email is member<count>@example.com. */
  const memberCount = () => n;

  return { tokenize, member, memberCount };
}
