import type { Database } from '@vault/db';
import type { Kysely } from 'kysely';

/** Deletes session rows past their expiry. Run periodically: by the worker when scaled, in-process when embedded. */
export async function pruneExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expire', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
