import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { Database } from '@vault/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'vault.sid';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type Callback = Parameters<SessionStore['destroy']>[1];
type GetCallback = Parameters<SessionStore['get']>[1];

/**
 * Sessions live in the `sessions` table (sid, sess, expire), on Postgres and PGlite alike, so they
 * survive restarts and are valid on every replica. Expired rows are never returned and are pruned
 * periodically (worker or embedded maintenance).
 */
export class KyselySessionStore implements SessionStore {
  /**
   * Sessions read in the last few seconds, so a member polling the show state every second costs
   * no database round trip. Writes and destroys through this store update it at once; a session
   * ended on another replica (logout there, a password reset) stays usable here for at most
   * CACHE_TTL_MS.
   */
  private readonly cache = new Map<string, { session: unknown; expire: number; fetchedAt: number }>();
  static readonly CACHE_TTL_MS = 5000;

  constructor(private readonly db: Kysely<Database>) {}

  set(sid: string, session: Parameters<SessionStore['set']>[1], callback: Callback): void {
    const expires = (session as { cookie?: { expires?: Date | string | null } }).cookie?.expires;
    const expire = expires ? new Date(expires) : new Date(Date.now() + MAX_AGE_MS);
    const sess = JSON.stringify(session);
    this.cache.delete(sid);
    this.db
      .insertInto('sessions')
      .values({ sid, sess, expire })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire }))
      .execute()
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    const now = Date.now();
    const cached = this.cache.get(sid);
    if (cached && now - cached.fetchedAt < KyselySessionStore.CACHE_TTL_MS && cached.expire > now) {
      callback(null, structuredClone(cached.session) as Parameters<GetCallback>[1]);
      return;
    }
    this.db
      .selectFrom('sessions')
      .select(['sess', 'expire'])
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then((row) => {
        if (row) {
          if (this.cache.size > 100_000) this.cache.clear();
          this.cache.set(sid, { session: row.sess, expire: row.expire.getTime(), fetchedAt: Date.now() });
        } else {
          this.cache.delete(sid);
        }
        callback(null, (row?.sess ?? null) as Parameters<GetCallback>[1]);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.cache.delete(sid);
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}

/** Ends every session of a user (password reset). */
export async function destroyUserSessions(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where(sql<string>`sess->>'userId'`, '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const sessions = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: options.secret,
      cookieName: SESSION_COOKIE,
      store: new KyselySessionStore(app.db),
      // No row for anonymous visitors, and no write on every response.
      saveUninitialized: false,
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // Secure on https (directly or behind a trusted proxy), and still usable on plain http locally.
        secure: 'auto',
        path: '/',
        maxAge: MAX_AGE_MS,
      },
    });
  },
  { name: 'sessions', dependencies: ['infrastructure'] },
);
