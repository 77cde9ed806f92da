import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fastifyCookie, { type CookieSerializeOptions, Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../core/db';
import type { SessionsEnded } from '../../core/deps';
import { boundedMemo } from '../../core/memo';
import { deleteOldestUserSessions, deleteSession, findLiveSession, upsertSession } from './repository';

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
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const COOKIE: CookieSerializeOptions = {
  httpOnly: true,
  sameSite: 'lax',
  // Secure on https (directly or behind a trusted proxy), and still usable on plain http locally.
  secure: 'auto',
  path: '/',
};

/**
 * A session's public name: SHA-256 of its id. It names the session in caches, socket rooms and bus
 * messages, so the id (half of the cookie) never crosses Redis or reaches a log.
 */
export const sessionTag = boundedMemo((sid: string) => createHash('sha256').update(sid).digest('base64url'));

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

interface CachedSession {
  userId: string | undefined;
  expire: number;
  fetchedAt: number;
}

function userIdOf(session: unknown): string | undefined {
  const userId = (session as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/**
 * Sessions live in the `sessions` table (sid, sess, expire), on Postgres and PGlite alike, so they
 * survive restarts and are valid on every replica. Expired rows are never returned and are pruned
 * periodically (worker or embedded maintenance).
 *
 * Sessions read in the last few seconds are cached, so a member polling the show state every
 * second costs no database round trip. Ending sessions must not wait for that cache to expire:
 * `end()` forgets them here and announces them on the bus, and every instance's `forget()` drops
 * them from its cache and emits 'ended' (realtime closes their sockets). Pub/sub is at-most-once:
 * an instance that misses a message (Redis reconnecting) still drops the session within
 * CACHE_TTL_MS, the old bound.
 */
export class KyselySessionStore extends EventEmitter<{ ended: [SessionsEnded] }> {
  static readonly CACHE_TTL_MS = 5000;
  /** How long an end is remembered, to refuse reads and handshakes that started before it. */
  static readonly ENDED_MEMORY_MS = 60_000;
  /** A repeat of an end within this window (our own message coming back) keeps the first time. */
  private static readonly REPEAT_MS = 2000;

  /** By session tag. */
  private readonly cache = new Map<string, CachedSession>();
  /** `user:<id>` / `session:<tag>` → when this instance learned it ended; oldest first. */
  private readonly endedAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** Tells the other instances (the bus); resolves once sent, never rejects. */
    private readonly announce: (message: SessionsEnded) => Promise<void> = async () => {},
    /** Told of every lookup: answered by the cache (hit) or read from the database (miss). */
    private readonly observe: (hit: boolean) => void = () => {},
    /** Live sessions a member may hold; a login past it ends their oldest (AbuseLimits.sessions). */
    private readonly maxPerMember = Number.POSITIVE_INFINITY,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /**
   * Writes a session (at login, by password or external sign-in), in the row shape sessions have
   * always had (cookie fields, userId). A member over their session cap loses their oldest ones,
   * ended everywhere as a logout is: logins in a loop must not pile up rows, and a member who
   * signs in on one more device expects that to work, not a refusal.
   */
  async save(sid: string, userId: string | undefined, expire: Date): Promise<void> {
    const sess = JSON.stringify({ cookie: { expires: expire.toISOString(), originalMaxAge: MAX_AGE_MS }, userId });
    this.cache.delete(sessionTag(sid));
    await upsertSession(this.db, sid, sess, expire);
    if (userId === undefined || !Number.isFinite(this.maxPerMember)) return;
    for (const old of await deleteOldestUserSessions(this.db, userId, this.maxPerMember)) {
      await this.end({ type: 'session.ended', session: sessionTag(old) });
    }
  }

  /**
   * The member a session belongs to, if it is still live: the socket Buy's check, with the same
   * cache and the same bound (CACHE_TTL_MS) as every HTTP request's.
   */
  async liveUserId(sid: string): Promise<string | undefined> {
    const known = this.cached(sid);
    if (known) return known.userId;
    return userIdOf((await this.load(sid, sessionTag(sid), Date.now()))?.sess);
  }

  /** What the cache knows of a session right now (no I/O), or null when it must be read. */
  cached(sid: string): { userId: string | undefined } | null {
    const now = Date.now();
    const entry = this.cache.get(sessionTag(sid));
    if (!entry || now - entry.fetchedAt >= KyselySessionStore.CACHE_TTL_MS || entry.expire <= now) return null;
    // A miss is counted by load(): a caller finding nothing here reads the database through it.
    this.observe(true);
    return entry;
  }

  /** Reads a session from the database into the cache; undefined when gone or ended meanwhile. */
  private async load(sid: string, tag: string, startedAt: number) {
    this.observe(false);
    return findLiveSession(this.db, sid).then((row) => {
      const userId = userIdOf(row?.sess);
      // Ended while we were reading: the row we got may predate the delete. Treat it as gone.
      const live = row && !this.endedSince(tag, userId, startedAt) ? row : undefined;
      if (this.cache.size > 100_000) this.cache.clear();
      if (live) this.cache.set(tag, { userId, expire: live.expire.getTime(), fetchedAt: Date.now() });
      else this.cache.delete(tag);
      return live;
    });
  }

  /** Logout, or the old id at login (regenerate). Other instances hear of it only if a row went. */
  async destroy(sid: string): Promise<void> {
    const message: SessionsEnded = { type: 'session.ended', session: sessionTag(sid) };
    this.forget(message);
    if ((await deleteSession(this.db, sid)) > 0) await this.announce(message);
  }

  /** Ends sessions whose rows are already deleted: here at once, then on every other instance. */
  async end(message: SessionsEnded): Promise<void> {
    this.forget(message);
    await this.announce(message);
  }

  /** Drops ended sessions from this instance's cache and tells listeners (realtime). Idempotent. */
  forget(message: SessionsEnded): void {
    if (message.type === 'session.ended') {
      this.markEnded(`session:${message.session}`);
      this.cache.delete(message.session);
    } else {
      this.markEnded(`user:${message.userId}`);
      // Rare (a password reset, a promotion): a scan beats keeping a member index on every read.
      for (const [tag, entry] of this.cache) if (entry.userId === message.userId) this.cache.delete(tag);
    }
    this.emit('ended', message);
  }

  /** True when this session, or every session of its member, ended at or after `since`. */
  endedSince(tag: string, userId: string | undefined, since: number): boolean {
    const session = this.endedAt.get(`session:${tag}`);
    const user = userId === undefined ? undefined : this.endedAt.get(`user:${userId}`);
    return (session !== undefined && session >= since) || (user !== undefined && user >= since);
  }

  private markEnded(key: string): void {
    const now = Date.now();
    const previous = this.endedAt.get(key);
    if (previous !== undefined && now - previous < KyselySessionStore.REPEAT_MS) return;
    this.endedAt.delete(key);
    this.endedAt.set(key, now);
    for (const [old, at] of this.endedAt) {
      if (now - at < KyselySessionStore.ENDED_MEMORY_MS) break;
      this.endedAt.delete(old);
    }
  }
}

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
