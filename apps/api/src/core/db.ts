import type { Database } from '@vault/db';
import type { Kysely, Transaction } from 'kysely';

/** What every repository function runs on: the database, or a transaction a service opened. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * A service's unit of work. Only repositories touch Kysely (scripts/boundaries/api-rules.mjs), so services
 * open transactions through this and pass `trx` on to repository functions.
 */
export function withTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
