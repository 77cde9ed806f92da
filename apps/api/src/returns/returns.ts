import { randomInt } from 'node:crypto';
import {
  type AdminReturn,
  fulfillmentMessages,
  type MemberReturn,
  type ReturnBody,
  type ReturnStatus,
  returnDecidedDedupeKey,
} from '@vault/contracts';
import type { Return } from '@vault/db';
import { AppError } from '../core/app-error';
import type { AppConfig } from '../core/config';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { fulfillmentSettings } from '../fulfillment';
import {
  type AdminReturnRow,
  findAdminReturn,
  findReturnCandidate,
  findReturnStatus,
  insertReturn,
  listAdminReturns,
  moveReturn,
  NumberTaken,
  queueMail,
} from './returns.repository';

const DAY_MS = 24 * 3600 * 1000;
const NUMBER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The days after delivery a member may ask for a return (RETURN_WINDOW_DAYS). */
export const returnWindowDays = (config: Pick<AppConfig, 'fulfillment'>): number =>
  fulfillmentSettings(config).returnWindowDays;

/** The last moment a return may be asked for, for a package delivered at `deliveredAt`. */
export const returnDeadline = (deliveredAt: Date, windowDays: number): Date =>
  new Date(deliveredAt.getTime() + windowDays * DAY_MS);

/** What the member writes on the parcel: hard to guess, easy to read out on the phone. */
function returnNumber(): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `RMA-${suffix}`;
}

export function toMemberReturn(
  row: Pick<Return, 'id' | 'number' | 'status' | 'reason' | 'message' | 'createdAt'>,
): MemberReturn {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    reason: row.reason,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

function toAdminReturn(row: AdminReturnRow): AdminReturn {
  return {
    ...toMemberReturn(row),
    purchase: {
      id: row.purchaseId,
      orderNumber: row.purchaseId.slice(0, 8),
      title: row.title,
      amount: row.amount,
      capturedAmount: row.capturedAmount,
      refundedAmount: row.refundedAmount,
    },
    member: { id: row.userId, email: row.email, fullName: row.fullName },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
  };
}

/**
 * A member's return request for one of their purchases: only once its package is delivered,
 * within the return window, and while no other return of it is in progress (a declined one may be
 * followed by a new request). Someone else's purchase is answered as unknown.
 */
export async function requestReturn(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  userId: string,
  body: ReturnBody,
): Promise<MemberReturn> {
  const candidate = await findReturnCandidate(deps.db, body.purchaseId);
  if (candidate?.userId !== userId) throw new AppError(404, 'not_found', fulfillmentMessages.returnNotYours);
  if (candidate.shipmentStatus !== 'delivered' || !candidate.deliveredAt)
    throw new AppError(409, 'return_not_allowed', fulfillmentMessages.returnNotDelivered);
  const days = returnWindowDays(deps.config);
  if (deps.now() > returnDeadline(candidate.deliveredAt, days).getTime())
    throw new AppError(409, 'return_not_allowed', fulfillmentMessages.returnWindowClosed(days));
  // A collision of two random numbers is all but impossible; a few tries make it impossible in practice.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const row = await insertReturn(deps.db, {
        number: returnNumber(),
        purchaseId: body.purchaseId,
        userId,
        reason: body.reason,
      });
      if (!row) throw new AppError(409, 'return_not_allowed', fulfillmentMessages.returnOpen);
      return toMemberReturn(row);
    } catch (error) {
      if (!(error instanceof NumberTaken)) throw error;
    }
  }
  throw new Error('no free return number after 5 tries');
}

/** Every return (or those in one status), newest first. */
export async function adminReturns(
  deps: Pick<ServiceDeps, 'db'>,
  status: ReturnStatus | undefined,
): Promise<AdminReturn[]> {
  return (await listAdminReturns(deps.db, status)).map(toAdminReturn);
}

type Decision =
  | { action: 'approve'; instructions?: string }
  | { action: 'decline'; message: string }
  | { action: 'receive' };

const FROM: Record<Decision['action'], ReturnStatus> = {
  approve: 'requested',
  decline: 'requested',
  receive: 'approved',
};

/**
 * An admin's step on a return: approve (the number and instructions are emailed) or decline (the
 * message is emailed) a request, or mark an approved return received. One conditional UPDATE
 * decides, and the email is queued in the same transaction, so a double click sends one.
 */
export async function decideReturn(
  deps: Pick<ServiceDeps, 'db' | 'notify' | 'now'>,
  returnId: string,
  adminId: string,
  decision: Decision,
): Promise<AdminReturn> {
  const at = new Date(deps.now());
  const mailIds = await withTransaction(deps.db, async (trx) => {
    const moved =
      decision.action === 'receive'
        ? await moveReturn(trx, returnId, FROM.receive, { status: 'received', receivedAt: at })
        : await moveReturn(trx, returnId, FROM[decision.action], {
            status: decision.action === 'approve' ? 'approved' : 'declined',
            message: decision.action === 'approve' ? (decision.instructions ?? null) : decision.message,
            decidedBy: adminId,
            decidedAt: at,
          });
    if (!moved) {
      const status = await findReturnStatus(trx, returnId);
      if (!status) throw new AppError(404, 'not_found', fulfillmentMessages.returnNotFound);
      throw new AppError(409, 'conflict', fulfillmentMessages.returnState(status));
    }
    if (moved.status !== 'approved' && moved.status !== 'declined') return [];
    const mailId = await queueMail(trx, {
      kind: moved.status === 'approved' ? 'return_approved' : 'return_declined',
      dedupeKey: returnDecidedDedupeKey(moved.id, moved.status),
      userId: moved.userId,
      payload: { returnId: moved.id },
    });
    return mailId ? [mailId] : [];
  });
  if (mailIds.length) deps.notify.kick(mailIds);
  return toAdminReturn(await findAdminReturn(deps.db, returnId));
}
