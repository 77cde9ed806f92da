import { sql } from 'kysely';
import { agent, type TestApp } from '../test-app';

// Shared by the account tests: the member who registers, the app's login limits, and agents that
// each come from an IP of their own.

export const member = { firstName: 'Ada', lastName: 'Blade', email: 'ada@example.com', password: 'sharp-edges-99' };

/** Low login limits, so the rate-limit tests reach them in a few requests; mail is delivered. */
export const accountsOptions = {
  config: { limits: { login: { failuresPerIp: 8, failuresPerAccountIp: 3, windowMs: 60_000 } } },
  notifyWorker: true,
};

export function accountHelpers(app: () => TestApp) {
  const allSessions = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(app().database.db)).rows[0]?.n;
  let nextIp = 1;
  /** A member on their own IP, so rate limits of one test don't leak into another. */
  const freshAgent = () => {
    const ip = `10.0.0.${nextIp++}`;
    const a = agent(app().app);
    return {
      ...a,
      post: (url: string, payload: unknown = {}) =>
        a.request({ method: 'POST', url, payload: payload as object, remoteAddress: ip }),
    };
  };

  return { allSessions, freshAgent };
}
