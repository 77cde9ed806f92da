import { sql } from 'kysely';
import type { Db } from '../../core/db';

export async function upsertSession(db: Db, sid: string, sess: string, expire: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, sess, expire })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire }))
    .execute();
}

/** A session that has not expired; expired rows are never returned. */
export function findLiveSession(db: Db, sid: string) {
  return db
    .selectFrom('sessions')
    .select(['sess', 'expire'])
    .where('sid', '=', sid)
    .where('expire', '>', new Date())
    .executeTakeFirst();
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
