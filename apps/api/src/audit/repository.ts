import type { AdminAuditTable } from '@vault/db';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../core/db';

/** A record with what its action came to, when that was recorded (null: the action never answered). */
export type AuditRow = Selectable<AdminAuditTable> & {
  outcomeStatus: number | null;
  outcomeTargetId: string | null;
  outcomeResultId: string | null;
};

export interface NewAuditRow {
  adminUserId: string;
  adminEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  requestId: string | null;
}

/**
 * Appends one record, and returns its id. The tables refuse updates, deletes and truncation
 * (triggers, migrations 0005 and 0006): the log is append-only.
 */
export async function insertAuditEntry(db: Db, row: NewAuditRow): Promise<number> {
  const { id } = await db
    .insertInto('adminAudit')
    .values({ ...row, details: JSON.stringify(row.details) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Appends what a recorded action came to (once per record: the key is the record's id). */
export async function insertAuditOutcome(
  db: Db,
  outcome: { auditId: number; status: number; targetId: string | null; resultId: string | null },
): Promise<void> {
  await db.insertInto('adminAuditOutcomes').values(outcome).execute();
}

/**
 * Records older than `before` (ids only grow, so "older" is "smaller id"), newest first, whose
 * action starts with `actionPrefix` when one is given, each with its outcome.
 */
export function listAuditEntries(
  db: Db,
  query: { before?: number; limit: number; actionPrefix?: string },
): Promise<AuditRow[]> {
  let select = db
    .selectFrom('adminAudit as a')
    .leftJoin('adminAuditOutcomes as o', 'o.auditId', 'a.id')
    .selectAll('a')
    .select(['o.status as outcomeStatus', 'o.targetId as outcomeTargetId', 'o.resultId as outcomeResultId'])
    .orderBy('a.id', 'desc')
    .limit(query.limit);
  if (query.before !== undefined) select = select.where('a.id', '<', query.before);
  // starts_with, not LIKE: "_" in "show_item." is a LIKE wildcard.
  if (query.actionPrefix) select = select.where(sql<boolean>`starts_with(a.action, ${query.actionPrefix})`);
  return select.execute();
}
