import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db } from '../../core/db';
import type { SessionsEnded } from '../../core/deps';
import { boundedMemo } from '../../core/memo';
import { createLiveSessionReader, deleteOldestUserSessions, deleteSession, upsertSession } from './repository';

/** How long a session lives: the cookie's Max-Age and the row's expiry. */
export const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * A session's public name: SHA-256 of its id. It names the session in caches, socket rooms and bus
 * messages, so the id (half of the cookie) never crosses Redis or reaches a log.
 */
export const sessionTag = boundedMemo((sid: string) => createHash('sha256').update(sid).digest('base64url'));

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
  /**
   * While the database cannot answer, a session this instance read this recently (still live, not
   * ended since) stays its member's: the show is served from memory through a Postgres outage, and
   * a member polling it must not be signed out of it when the 5 s cache runs out. What needs the
   * database fails with its own 503 anyway.
   */
  static readonly STALE_IF_ERROR_MS = 60_000;
  /** After a failed read, sessions known stale are used without asking again for this long. */
  private static readonly RETRY_AFTER_ERROR_MS = 1000;

  /** By session tag. */
  private readonly cache = new Map<string, CachedSession>();
  /** Session reads, batched per turn of the event loop (repository.ts). */
  private readonly read: ReturnType<typeof createLiveSessionReader>;
  /** When a read of the database last failed (0: never). */
  private failedAt = 0;
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
    this.read = createLiveSessionReader(db);
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
    const tag = sessionTag(sid);
    const stale = this.staleEntry(tag);
    // The database failed a moment ago: no request waits on it again for a session we know.
    if (stale && Date.now() - this.failedAt < KyselySessionStore.RETRY_AFTER_ERROR_MS) return stale.userId;
    try {
      return userIdOf((await this.load(sid, tag, Date.now()))?.sess);
    } catch (error) {
      this.failedAt = Date.now();
      if (stale && this.staleEntry(tag)) return stale.userId;
      throw error;
    }
  }

  /** A cached session past the cache's bound but within STALE_IF_ERROR_MS, live and not ended since read. */
  private staleEntry(tag: string): CachedSession | null {
    const now = Date.now();
    const entry = this.cache.get(tag);
    if (!entry || entry.expire <= now || now - entry.fetchedAt >= KyselySessionStore.STALE_IF_ERROR_MS) return null;
    return this.endedSince(tag, entry.userId, entry.fetchedAt) ? null : entry;
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
    return this.read(sid).then((row) => {
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
