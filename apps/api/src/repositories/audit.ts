import type { AdminAuditTable } from '@vault/db';
import { type Selectable, sql } from 'kysely';
import type { Db } from './db';

export type AuditRow = Selectable<AdminAuditTable>;

export interface NewAuditRow {
  adminUserId: string;
  adminEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  requestId: string | null;
}

/** Appends one record. The table refuses updates and deletes (a trigger): the log is append-only. */
export async function insertAuditEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db
    .insertInto('adminAudit')
    .values({ ...row, details: JSON.stringify(row.details) })
    .execute();
}

/**
 * Records older than `before` (ids only grow, so "older" is "smaller id"), newest first, whose
 * action starts with `actionPrefix` when one is given.
 */
export function listAuditEntries(
  db: Db,
  query: { before?: number; limit: number; actionPrefix?: string },
): Promise<AuditRow[]> {
  let select = db.selectFrom('adminAudit').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  // starts_with, not LIKE: "_" in "show_item." is a LIKE wildcard.
  if (query.actionPrefix) select = select.where(sql<boolean>`starts_with(action, ${query.actionPrefix})`);
  return select.execute();
}
