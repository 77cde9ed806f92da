import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fastifyCookie, { type CookieSerializeOptions, Signer } from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { BusMessage } from '@vault/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { boundedMemo } from '../lib/memo';
import type { Db } from '../repositories/db';
import { deleteSession, findLiveSession, upsertSession } from '../repositories/sessions';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
  interface FastifyInstance {
    /** This instance's session store: its cache, and the "sessions ended" events sockets follow. */
    sessionStore: KyselySessionStore;
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

/** What every instance must forget at once: one session (logout) or all of a member's. */
export type SessionsEnded = Extract<BusMessage, { type: 'user.sessions-ended' | 'session.ended' }>;

/**
 * A session's public name: SHA-256 of its id. It names the session in caches, socket rooms and bus
 * messages, so the id (half of the cookie) never crosses Redis or reaches a log.
 */
export const sessionTag = boundedMemo((sid: string) => createHash('sha256').update(sid).digest('base64url'));

/**
 * The cookie signer, remembering its answers. @fastify/session verifies the cookie's HMAC and
 * signs the id again on every request; a member polling every second sends the same cookie each
 * time, and HMAC is a pure function of it, so a remembered answer is the same answer for free.
 */
function rememberingSigner(secret: string) {
  const signer = new Signer(secret, 'sha256');
  return {
    sign: boundedMemo((value: string) => signer.sign(value)),
    unsign: boundedMemo((signed: string) => signer.unsign(signed)),
  };
}

type Callback = Parameters<SessionStore['destroy']>[1];
type GetCallback = Parameters<SessionStore['get']>[1];
type SetSession = Parameters<SessionStore['set']>[1];

interface CachedSession {
  session: unknown;
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
export class KyselySessionStore extends EventEmitter<{ ended: [SessionsEnded] }> implements SessionStore {
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
  ) {
    super();
    this.setMaxListeners(0);
  }

  set(sid: string, session: SetSession, callback: Callback): void {
    const expires = (session as { cookie?: { expires?: Date | string | null } }).cookie?.expires;
    const expire = expires ? new Date(expires) : new Date(Date.now() + MAX_AGE_MS);
    const sess = JSON.stringify(session);
    this.cache.delete(sessionTag(sid));
    upsertSession(this.db, sid, sess, expire).then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    const tag = sessionTag(sid);
    const startedAt = Date.now();
    const cached = this.cache.get(tag);
    if (cached && startedAt - cached.fetchedAt < KyselySessionStore.CACHE_TTL_MS && cached.expire > startedAt) {
      // A shallow copy is enough: a session holds a userId and its cookie's plain fields, and
      // @fastify/session copies them into a Session of its own without changing them. (A deep
      // copy on every poll was a measurable share of the state route's CPU.)
      callback(null, { ...(cached.session as object) } as Parameters<GetCallback>[1]);
      return;
    }
    this.load(sid, tag, startedAt).then(
      (live) => callback(null, (live?.sess ?? null) as Parameters<GetCallback>[1]),
      callback,
    );
  }

  /**
   * The member a session belongs to, if it is still live: the socket Buy's check, with the same
   * cache and the same bound (CACHE_TTL_MS) as every HTTP request's.
   */
  async liveUserId(sid: string): Promise<string | undefined> {
    const tag = sessionTag(sid);
    const startedAt = Date.now();
    const cached = this.cache.get(tag);
    if (cached && startedAt - cached.fetchedAt < KyselySessionStore.CACHE_TTL_MS && cached.expire > startedAt) {
      return cached.userId;
    }
    return userIdOf((await this.load(sid, tag, startedAt))?.sess);
  }

  /** Reads a session from the database into the cache; undefined when gone or ended meanwhile. */
  private async load(sid: string, tag: string, startedAt: number) {
    return findLiveSession(this.db, sid).then((row) => {
      const userId = userIdOf(row?.sess);
      // Ended while we were reading: the row we got may predate the delete. Treat it as gone.
      const live = row && !this.endedSince(tag, userId, startedAt) ? row : undefined;
      if (this.cache.size > 100_000) this.cache.clear();
      if (live)
        this.cache.set(tag, { session: live.sess, userId, expire: live.expire.getTime(), fetchedAt: Date.now() });
      else this.cache.delete(tag);
      return live;
    });
  }

  /** Logout, or the old id at login (regenerate). Other instances hear of it only if a row went. */
  destroy(sid: string, callback: Callback): void {
    const message: SessionsEnded = { type: 'session.ended', session: sessionTag(sid) };
    this.forget(message);
    deleteSession(this.db, sid)
      .then((deleted) => (deleted > 0 ? this.announce(message) : undefined))
      .then(() => callback(), callback);
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

/** Logout: the session (row, caches, sockets, via the store) and the cookie in the browser. */
export async function endRequestSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.session.destroy();
  reply.clearCookie(SESSION_COOKIE, COOKIE);
}

export const sessions = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const store = new KyselySessionStore(app.db, (message) =>
      app.bus.publish('sessions', message).catch((error: unknown) => {
        // The sessions are gone from the database; other instances drop them within CACHE_TTL_MS.
        app.log.warn({ err: error, type: message.type }, 'announcing ended sessions failed');
      }),
    );
    app.decorate('sessionStore', store);
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: rememberingSigner(options.secret),
      cookieName: SESSION_COOKIE,
      store,
      // No row for anonymous visitors, and no write on every response.
      saveUninitialized: false,
      rolling: false,
      cookie: { ...COOKIE, maxAge: MAX_AGE_MS },
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
  { name: 'sessions', dependencies: ['infrastructure'] },
);
