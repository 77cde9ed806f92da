import type { AuditEntry, AuditPage, AuditQuery } from '@vault/contracts';
import type { z } from 'zod';
import type { ServiceDeps } from '../core/deps';
import { type AuditRow, listAuditEntries } from './repository';

/**
 * A record as admins read it. Written before its action ran, it is completed by the action's
 * outcome: the target and result ids only the answer knew; `outcome: 'refused'` with the status
 * for an action the server turned down after it was recorded (a 409 start, a declined void); and
 * `outcome: 'unknown'` for one that never answered (the process died during it).
 */
export function toAuditEntry(row: AuditRow): AuditEntry {
  const details: Record<string, unknown> = { ...row.details };
  if (row.outcomeStatus === null) details.outcome = 'unknown';
  else if (row.outcomeStatus >= 400) Object.assign(details, { outcome: 'refused', status: row.outcomeStatus });
  if (row.outcomeResultId !== null) details.resultId = row.outcomeResultId;
  return {
    id: row.id,
    at: row.occurredAt.toISOString(),
    admin: { id: row.adminUserId, email: row.adminEmail },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId ?? row.outcomeTargetId,
    details,
  };
}

/** A page of the log, newest first; one row more than asked tells whether an older page exists. */
export async function auditPage(deps: Pick<ServiceDeps, 'db'>, query: z.output<typeof AuditQuery>): Promise<AuditPage> {
  const rows = await listAuditEntries(deps.db, {
    before: query.before,
    limit: query.limit + 1,
    actionPrefix: query.action,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toAuditEntry),
    nextBefore: rows.length > query.limit && last ? last.id : null,
  };
}
