import type { DatabaseHandle } from '@vault/db';
import type { MailMessage } from '@vault/notify';
import { eventually } from '@vault/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { KyselySessionStore, SESSION_COOKIE } from '../../src/platform/session/plugin';

// A member as the in-process app sees one: a browser-like client, the emails sent to them, and
// their sessions.

export const ORIGIN = 'http://localhost:3000';

export interface Agent {
  request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  cookie(name: string): string | undefined;
  /** A `Cookie` header value carrying this agent's session, for requests made without it. */
  sessionCookie(): string;
  /** Send the next requests to another app instance (a restarted process, another replica). */
  use(app: FastifyInstance): void;
}

/** A browser-like client: keeps cookies and sends our Origin on every request. */
export function agent(initial: FastifyInstance): Agent {
  let app = initial;
  const jar = new Map<string, string>();
  const request: Agent['request'] = async (options) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({
      ...options,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return response;
  };
  return {
    request,
    get: (url) => request({ method: 'GET', url }),
    post: (url, payload = {}) => request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    cookie: (name) => jar.get(name),
    sessionCookie: () => `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`,
    use(next) {
      app = next;
    },
  };
}

/** The token of the last emailed link that matches `pattern`. */
export function tokenFrom(outbox: MailMessage[], pattern: RegExp): string {
  const text = outbox.at(-1)?.text ?? '';
  const match = text.match(pattern);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return decodeURIComponent(match[1]);
}

/**
 * Waits until `outbox` holds at least `count` emails to `to` (they go after the answer, through
 * the mail outbox) and returns them, oldest first.
 */
export async function mailsTo(outbox: MailMessage[], to: string, count = 1, timeoutMs = 10_000) {
  let mails: MailMessage[] = [];
  return eventually(
    () => {
      mails = outbox.filter((m) => m.to === to);
      return mails.length >= count && mails;
    },
    { within: timeoutMs, every: 10, what: () => `${count} emails to ${to} (${mails.length} arrived)` },
  );
}

/** The token of the link in the `count`-th email to `to` (waiting for it), matching `pattern`. */
export async function mailedToken(outbox: MailMessage[], to: string, pattern: RegExp, count = 1): Promise<string> {
  const mails = await mailsTo(outbox, to, count);
  return tokenFrom(mails.slice(0, count), pattern);
}

/** GET /api/auth/user with `cookie` alone: whom the app takes the session for (401 when it refuses it). */
export function currentUser(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

/**
 * Polls `app` until it refuses the cookie; returns how long that took after `since`: at once
 * in-process, a bus round trip when scaled. Without the bus it would take up to the session
 * cache's TTL, so it gives up a margin after that.
 */
export async function msUntilRefused(app: FastifyInstance, cookie: string, since = Date.now()): Promise<number> {
  await eventually(async () => (await currentUser(app, cookie)).statusCode === 401, {
    within: KyselySessionStore.CACHE_TTL_MS + 2000 - (Date.now() - since),
    every: 10,
    what: 'the session refused',
  });
  return Date.now() - since;
}

/** How many sessions of the member the sessions table holds. */
export async function sessionCount(database: DatabaseHandle, userId: string): Promise<number | undefined> {
  const count = sql<{ n: number }>`select count(*)::int as n from sessions where sess->>'userId' = ${userId}`;
  return (await count.execute(database.db)).rows[0]?.n;
}
