import { sql } from 'kysely';
import type { Db } from '../../core/db';

export async function upsertSession(db: Db, sid: string, sess: string, expire: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, sess, expire })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire }))
    .execute();
}

type LiveSession = { sess: Record<string, unknown>; expire: Date };

/** Sessions read by one query at most; a larger batch is split. */
const READ_BATCH = 500;

/**
 * A session that has not expired (expired rows are never returned), for many callers at once: the reads asked for in one turn of the event loop go
 * to the database as one query (per READ_BATCH sessions), and a session asked for twice is read
 * once. When thousands of members press at the same moment over their sockets, each with a session
 * not read in the last seconds, one read each would queue thousands of queries on a pool of ten,
 * and the pool's wait would answer them 503.
 */
export function createLiveSessionReader(db: Db) {
  let queued = new Map<string, Array<{ resolve(row: LiveSession | undefined): void; reject(error: unknown): void }>>();
  let scheduled = false;

  async function readBatch(sids: string[], waiting: typeof queued) {
    try {
      const rows = await db
        .selectFrom('sessions')
        .select(['sid', 'sess', 'expire'])
        .where('sid', 'in', sids)
        .where('expire', '>', new Date())
        .execute();
      const found = new Map(rows.map((row) => [row.sid, { sess: row.sess, expire: row.expire }]));
      for (const sid of sids) for (const waiter of waiting.get(sid) ?? []) waiter.resolve(found.get(sid));
    } catch (error) {
      for (const sid of sids) for (const waiter of waiting.get(sid) ?? []) waiter.reject(error);
    }
  }

  function flush() {
    scheduled = false;
    const waiting = queued;
    queued = new Map();
    const sids = [...waiting.keys()];
    for (let i = 0; i < sids.length; i += READ_BATCH) void readBatch(sids.slice(i, i + READ_BATCH), waiting);
  }

  return (sid: string): Promise<LiveSession | undefined> =>
    new Promise((resolve, reject) => {
      const waiters = queued.get(sid);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(sid, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** Deletes one session; the count says whether a row went. */
export async function deleteSession(db: Db, sid: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('sid', '=', sid).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every session row of a member; pass a transaction to make it atomic with a change. */
export async function deleteUserSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where(sql<string>`sess->>'userId'`, '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes a member's sessions beyond the `keep` newest (latest expiry: sessions last a fixed time
 * from login); returns the deleted ids, for the caches and sockets that must forget them.
 */
export async function deleteOldestUserSessions(db: Db, userId: string, keep: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where('sid', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('sid')
        .where(sql<string>`sess->>'userId'`, '=', userId)
        .orderBy('expire', 'desc')
        .offset(keep),
    )
    .returning('sid')
    .execute();
  return rows.map((row) => row.sid);
}
