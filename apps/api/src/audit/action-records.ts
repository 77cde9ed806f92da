import { markUnstorable } from '@vault/contracts';
import type { Db } from '../core/db';
import { sanitiseBody } from './records';
import { insertAuditEntry, insertAuditOutcome } from './repository';

/** Who a record written by a service names: the signed-in admin of the request, and its id. */
export interface AuditActor {
  adminUserId: string;
  adminEmail: string;
  requestId: string | null;
}

/**
 * One more record for a call that does several audited things at once (Mark shipped captures each
 * purchase of the package): like the route's own record, written BEFORE the thing is done — a
 * failed write throws, so nothing happens unrecorded — and returning how to append what it came
 * to. A thing whose outcome is never appended reads as "outcome unknown" in the log.
 */
export async function recordAdminAction(
  db: Db,
  actor: AuditActor,
  record: { action: string; targetType: string; targetId: string; details: Record<string, unknown> },
): Promise<(status: number) => Promise<void>> {
  const id = await insertAuditEntry(db, {
    adminUserId: actor.adminUserId,
    adminEmail: markUnstorable(actor.adminEmail),
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    details: sanitiseBody(record.details) as Record<string, unknown>,
    requestId: actor.requestId,
  });
  return (status) => insertAuditOutcome(db, { auditId: id, status, targetId: null, resultId: null });
}
