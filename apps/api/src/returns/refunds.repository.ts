import type { Refund, RefundMethod } from '@vault/db';
import { sql } from 'kysely';
import type { Db } from '../core/db';

/** SQL: what is left to refund of purchase `p`'s capture (refunds pending or done count against it). */
const LEFT = sql`p.captured_amount - (select coalesce(sum(f.amount), 0) from refunds f
  where f.purchase_id = p.id and f.status in ('pending', 'done'))`;

/** A purchase as a refund needs it: its capture, what is left of it, and the member's gateway profile. */
export async function findRefundTarget(db: Db, purchaseId: string) {
  const result = await sql<{
    id: string;
    userId: string;
    status: string;
    transactionId: string | null;
    claimId: string | null;
    capturedAmount: string | null;
    left: string | null;
    pending: boolean;
    customerProfileId: string | null;
    defaultPaymentProfileId: string | null;
  }>`
    select p.id, p.user_id, p.status, p.transaction_id, p.claim_id, p.captured_amount,
      (${LEFT})::numeric(10,2)::text as left,
      exists (select 1 from refunds f where f.purchase_id = p.id and f.status = 'pending') as pending,
      u.auth_net_customer_profile_id as customer_profile_id,
      u.auth_net_payment_profile_id as default_payment_profile_id
    from purchases p join users u on u.id = p.user_id
    where p.id = ${purchaseId}`.execute(db);
  return result.rows[0];
}

export type RefundTarget = NonNullable<Awaited<ReturnType<typeof findRefundTarget>>>;

/**
 * Records a refund as pending before the gateway is asked, in ONE statement that is also the
 * ceiling: it inserts only while the purchase is captured and the amount fits in what is left of
 * the capture, and the unique index on pending refunds lets one be at the gateway per purchase.
 * Two admins refunding at once: the second insert waits on the first's pending row and inserts
 * nothing, so together they never pass the capture. Linked to the purchase's received return.
 * Undefined when nothing was inserted (not captured, too large, or another refund pending).
 */
export async function insertPendingRefund(
  db: Db,
  args: { purchaseId: string; amount: string; reason: string; method: RefundMethod; createdBy: string },
): Promise<Refund | undefined> {
  const result = await sql<Refund>`
    insert into refunds (purchase_id, return_id, amount, reason, method, created_by, updated_at)
    select p.id,
      (select r.id from returns r where r.purchase_id = p.id and r.status = 'received'
        order by r.created_at desc limit 1),
      ${args.amount}::numeric, ${args.reason}, ${args.method}, ${args.createdBy}, now()
    from purchases p
    where p.id = ${args.purchaseId} and p.status = 'completed' and p.captured_amount is not null
      and ${LEFT} >= ${args.amount}::numeric
    on conflict (purchase_id) where status = 'pending' do nothing
    returning *`.execute(db);
  return result.rows[0];
}

export type RefundOutcome =
  | { status: 'done'; transactionId: string | null }
  | { status: 'failed'; errorMessage: string };

/**
 * A pending refund's end, once, with the member it is owed to: undefined when it was no longer
 * pending (another pass finished it).
 */
export function finishRefund(db: Db, refundId: string, outcome: RefundOutcome) {
  const changes =
    outcome.status === 'done'
      ? { status: 'done' as const, transactionId: outcome.transactionId }
      : { status: 'failed' as const, errorMessage: outcome.errorMessage.slice(0, 500) };
  return db
    .updateTable('refunds')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .returningAll()
    .returning((eb) =>
      eb
        .selectFrom('purchases')
        .select('purchases.userId')
        .whereRef('purchases.id', '=', 'refunds.purchaseId')
        .as('userId'),
    )
    .executeTakeFirst();
}

export function findRefundById(db: Db, refundId: string): Promise<Refund> {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
}

/** The return a refund was made for is closed by it. */
export async function markReturnRefunded(db: Db, returnId: string): Promise<void> {
  await db
    .updateTable('returns')
    .set({ status: 'refunded', updatedAt: new Date() })
    .where('id', '=', returnId)
    .where('status', '=', 'received')
    .execute();
}

/** What is left to refund of a purchase's capture now. */
export async function refundableLeft(db: Db, purchaseId: string): Promise<string> {
  const result = await sql<{ left: string | null }>`
    select (${LEFT})::numeric(10,2)::text as left from purchases p where p.id = ${purchaseId}`.execute(db);
  return result.rows[0]?.left ?? '0.00';
}

/**
 * Refunds still pending since before `before` (their answer was lost, or the process died while
 * asking), with what the gateway knows them by: the purchase's transaction and the member's profile.
 */
export async function listStalePendingRefunds(db: Db, before: Date) {
  return db
    .selectFrom('refunds')
    .innerJoin('purchases', 'purchases.id', 'refunds.purchaseId')
    .innerJoin('users', 'users.id', 'purchases.userId')
    .selectAll('refunds')
    .select([
      'purchases.transactionId as purchaseTransactionId',
      'purchases.userId',
      'users.authNetCustomerProfileId as customerProfileId',
    ])
    .where('refunds.status', '=', 'pending')
    .where('refunds.createdAt', '<', before)
    .orderBy('refunds.createdAt')
    .execute();
}
