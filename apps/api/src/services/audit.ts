import type { AuditEntry, AuditPage, AuditQuery } from '@vault/contracts';
import type { z } from 'zod';
import { type AuditRow, listAuditEntries } from '../repositories/audit';
import type { ServiceDeps } from './deps';

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.occurredAt.toISOString(),
    admin: { id: row.adminUserId, email: row.adminEmail },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
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
