import type { ReturnStatus } from '@vault/contracts';
import type { MailKind, Return } from '@vault/db';
import { sql } from 'kysely';
import type { Db } from '../core/db';

/** What decides whether a member may ask to return a purchase: whose it is and where its package is. */
export function findReturnCandidate(db: Db, purchaseId: string) {
  return db
    .selectFrom('purchases')
    .leftJoin('shipments', 'shipments.id', 'purchases.shipmentId')
    .select(['purchases.id', 'purchases.userId', 'shipments.status as shipmentStatus', 'shipments.deliveredAt'])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirst();
}

/** Postgres's unique_violation, as pg and PGlite both report it. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Records a return request; undefined when one is already in progress for the purchase. The
 * partial unique index (every status but declined) decides, so two presses at once record one.
 * A collision of the random number (its own unique index) is thrown as `NumberTaken`.
 */
export async function insertReturn(
  db: Db,
  values: { number: string; purchaseId: string; userId: string; reason: string },
): Promise<Return | undefined> {
  try {
    return await db
      .insertInto('returns')
      .values({ ...values, updatedAt: new Date() })
      .onConflict((oc) => oc.column('purchaseId').where('status', '<>', 'declined').doNothing())
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw new NumberTaken();
    throw error;
  }
}

/** Another return already has this number. */
export class NumberTaken extends Error {}

/** Returns with what the admin decides on: the purchase, what was refunded of it, and the member. */
function adminReturnRows(db: Db) {
  return db
    .selectFrom('returns as r')
    .innerJoin('purchases as p', 'p.id', 'r.purchaseId')
    .innerJoin('showItems as i', 'i.id', 'p.showItemId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .selectAll('r')
    .select(['p.amount', 'p.capturedAmount', 'i.title', 'u.email', 'u.fullName'])
    .select(
      sql<string>`(select coalesce(sum(f.amount), 0)::numeric(10,2)::text from refunds f
        where f.purchase_id = p.id and f.status = 'done')`.as('refundedAmount'),
    );
}

export type AdminReturnRow = Awaited<ReturnType<typeof findAdminReturn>>;

export function findAdminReturn(db: Db, id: string) {
  return adminReturnRows(db).where('r.id', '=', id).executeTakeFirstOrThrow();
}

/** Every return (or those in one status), newest first. */
export function listAdminReturns(db: Db, status: ReturnStatus | undefined): Promise<AdminReturnRow[]> {
  let query = adminReturnRows(db);
  if (status) query = query.where('r.status', '=', status);
  return query.orderBy('r.createdAt', 'desc').orderBy('r.id').execute();
}

export async function findReturnStatus(db: Db, id: string): Promise<ReturnStatus | undefined> {
  const row = await db.selectFrom('returns').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/**
 * Moves a return from one status to the next with one conditional UPDATE, so two admins (or a
 * double click) decide it once; undefined when it was not in `from`.
 */
export function moveReturn(
  db: Db,
  id: string,
  from: ReturnStatus,
  changes: {
    status: ReturnStatus;
    message?: string | null;
    decidedBy?: string;
    decidedAt?: Date;
    receivedAt?: Date;
  },
): Promise<Return | undefined> {
  return db
    .updateTable('returns')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * An email about a return or a refund, queued in the caller's transaction; undefined when its
 * dedupe key was queued already (one email per event).
 */
export async function queueMail(
  db: Db,
  mail: { kind: MailKind; dedupeKey: string; userId: string; payload: Record<string, unknown> },
): Promise<string | undefined> {
  const row = await db
    .insertInto('mailOutbox')
    .values({ ...mail, payload: JSON.stringify(mail.payload) })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
