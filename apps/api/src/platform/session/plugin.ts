import { randomBytes } from 'node:crypto';
import fastifyCookie, { type CookieSerializeOptions, Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { boundedMemo } from '../../core/memo';
import { KyselySessionStore, MAX_AGE_MS } from './store';

export { KyselySessionStore, sessionTag } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's session: the signed-in member's, or an empty one nothing is stored for. */
    session: RequestSession;
  }
  interface FastifyInstance {
    /** This instance's session store: its cache, and the "sessions ended" events sockets follow. */
    sessionStore: KyselySessionStore;
    /** The live session a Cookie header carries (the socket handshake's check), or null. */
    sessionFromCookie(header: string | undefined): Promise<{ sid: string; userId: string } | null>;
  }
}

export const SESSION_COOKIE = 'vault.sid';
const COOKIE: CookieSerializeOptions = {
  httpOnly: true,
  sameSite: 'lax',
  // Secure on https (directly or behind a trusted proxy), and still usable on plain http locally.
  secure: 'auto',
  path: '/',
};

/**
 * The cookie signer. `sidOf` remembers what it verified: every request of a member polling each
 * second carries the same cookie, and checking its HMAC is a pure function of it.
 */
function sessionSigner(secret: string) {
  const signer = new Signer(secret, 'sha256');
  return {
    sign: (sid: string) => signer.sign(sid),
    /** The session id a signed cookie value names, when its signature holds. */
    sidOf: boundedMemo((signed: string): string | null => {
      const result = signer.unsign(signed);
      return result.valid ? result.value : null;
    }),
  };
}

const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * A request's session. Sessions are ours rather than @fastify/session's: that plugin built a Session
 * object on every request — a generated, signed id for every anonymous one, two hashes of its
 * contents to tell whether it changed, a cookie object — which was the largest share of the
 * show-state poll's CPU after the socket writes. Ours reads the signed cookie (the signer
 * remembers its answers) and the session cache, and writes only when a route says so: at login
 * (regenerate, set, save) and at logout (destroy).
 */
export class RequestSession {
  constructor(
    private readonly store: KyselySessionStore,
    private readonly sign: (sid: string) => string,
    private readonly reply: FastifyReply,
    private id: string | null,
    private userId: string | undefined,
  ) {}

  /** The session's id (half of the cookie; never logged), or null for an anonymous visitor. */
  get sessionId(): string | null {
    return this.id;
  }

  get(_key: 'userId'): string | undefined {
    return this.userId;
  }

  set(_key: 'userId', value: string): void {
    this.userId = value;
  }

  /** A fresh id with nothing in it (login): the old session ends everywhere, a fixated id is worthless. */
  async regenerate(): Promise<void> {
    if (this.id) await this.store.destroy(this.id);
    this.id = newSessionId();
    this.userId = undefined;
  }

  /** Stores the session and sends its signed cookie. */
  async save(): Promise<void> {
    this.id ??= newSessionId();
    const expires = new Date(Date.now() + MAX_AGE_MS);
    await this.store.save(this.id, this.userId, expires);
    this.reply.setCookie(SESSION_COOKIE, this.sign(this.id), { ...COOKIE, expires });
  }

  /** Ends the session: its row, every instance's cache and its sockets (through the store). */
  async destroy(): Promise<void> {
    if (this.id) await this.store.destroy(this.id);
    this.id = null;
    this.userId = undefined;
  }
}

/** Logout: the session (row, caches, sockets, via the store) and the cookie in the browser. */
export async function endRequestSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, COOKIE);
}

export const sessions = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const store = new KyselySessionStore(
      app.db,
      (message) =>
        app.bus.publish('sessions', message).catch((error: unknown) => {
          // The sessions are gone from the database; other instances drop them within CACHE_TTL_MS.
          app.log.warn({ err: error, type: message.type }, 'announcing ended sessions failed');
        }),
      app.metrics.sessionLookup,
      app.limits.sessions.maxPerMember,
    );
    const signer = sessionSigner(options.secret);

    app.decorate('sessionStore', store);
    await app.register(fastifyCookie);
    app.decorate('sessionFromCookie', async (header: string | undefined) => {
      const signed = app.parseCookie(header ?? '')[SESSION_COOKIE];
      const sid = signed ? signer.sidOf(signed) : null;
      const userId = sid ? await store.liveUserId(sid) : undefined;
      return sid && userId ? { sid, userId } : null;
    });
    app.decorateRequest('session', null as unknown as RequestSession);
    // Callback style, synchronous when the cache answers (every poll but one in five seconds):
    // no promise per request on the hot path.
    app.addHook('onRequest', (request, reply, done) => {
      const signed = request.cookies[SESSION_COOKIE];
      const sid = signed ? signer.sidOf(signed) : null;
      const attach = (userId: string | undefined) => {
        request.session = new RequestSession(store, signer.sign, reply, userId ? sid : null, userId);
        done();
      };
      const known = sid ? store.cached(sid) : null;
      if (!sid || known) return attach(known?.userId);
      store.liveUserId(sid).then(attach, done);
    });

    let unsubscribe: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unsubscribe = await app.bus.subscribe('sessions', (message) => {
        if (message.type === 'user.sessions-ended' || message.type === 'session.ended') store.forget(message);
      });
    });
    app.addHook('onClose', async () => {
      await unsubscribe?.();
      store.removeAllListeners();
    });
  },
  { name: 'sessions', dependencies: ['infrastructure', 'metrics', 'rate-limits'] },
);
