import { randomBytes } from 'node:crypto';
import type { EligibilityBasis } from '@vault/contracts';
import type { Database, SaleClaim } from '@vault/db';
import { putBackUnsold, soldToClaim } from '@vault/show';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { type Db, withTransaction } from '../core/db';
import { CLAIM_LOST_AFTER_COUNTING, type Claim, markReleased, SHIPPING_ADDRESS, uncount } from './claims.repository';

// Claims that hand an item to a member the sale chose rather than to whoever pressed first: the
// entrant a draw's order names, and the next member in line when a first-press winner's card is
// declined. The same guarantees as claimItem's: one conditional statement decides, the member's
// standing (onboarded, a saved card, not suspended, under the cap) is part of its condition, and
// the claim is recorded in sale_claims by the same statement.

const newClaimId = () => randomBytes(10).toString('hex');

/**
 * The member's standing, as the claim's first CTE (`eligible`): the card the claim will charge and
 * the address the purchase ships to, only for a member who may buy now.
 */
function eligibleMember(userId: string): RawBuilder<unknown> {
  return sql`
    select u.auth_net_customer_profile_id, u.auth_net_payment_profile_id, ${SHIPPING_ADDRESS} as shipping_address
    from users u
    where u.id = ${userId} and u.onboarding_completed and u.buying_suspended_at is null
      and u.auth_net_customer_profile_id is not null and u.auth_net_payment_profile_id is not null`;
}

/**
 * The rest of a handover after its `eligible` and `target` (the item, when it may be handed over)
 * CTEs: count the member against the cap, claim the item for them (re-checking the item's own
 * condition, `itemStill`, on its latest row version), record the claim, and refuse the whole
 * statement if the member was counted but the item was not claimed (vault_claim_guard).
 */
async function handOver(
  db: Db | Transaction<Database>,
  args: {
    userId: string;
    claimId: string;
    now: Date;
    eligibility: EligibilityBasis | null;
    releaseStatus: string;
    head: RawBuilder<unknown>;
    itemStill: RawBuilder<unknown>;
    /**
     * Inside a transaction the guard's error has already aborted it: it must go up and roll the
     * whole transaction back. On its own, the statement was simply undone: no claim.
     */
    inTransaction: boolean;
  },
): Promise<Claim | undefined> {
  const { userId, claimId, now } = args;
  const eligibility = args.eligibility ? JSON.stringify(args.eligibility) : null;
  try {
    const result = await sql<Claim & { claimId: string | null }>`
      with eligible as (${eligibleMember(userId)}), ${args.head}, counted as (
        insert into show_member_purchases as m (show_id, user_id, count)
        select s.id, ${userId}, 1
        from target t join shows s on s.id = t.show_id, eligible e
        where s.purchase_cap is not null
        on conflict (show_id, user_id) do update set count = m.count + 1
          where m.count < (select c.purchase_cap from shows c where c.id = m.show_id)
        returning m.show_id
      ), claimed as (
        update show_items i
        set ${soldToClaim({ userId, claimId, now })}
        from target t, shows s, eligible e
        where i.id = t.id and s.id = i.show_id and ${args.itemStill}
          and (s.purchase_cap is null or exists (select 1 from counted))
        returning i.id, i.show_id, i.title, i.price, s.kind, e.auth_net_customer_profile_id,
          e.auth_net_payment_profile_id, e.shipping_address
      ), recorded as (
        insert into sale_claims (id, show_item_id, user_id, amount, idempotency_key, release_status, counted,
          eligibility)
        select ${claimId}, c.id, ${userId}, c.price, null, ${args.releaseStatus},
          exists (select 1 from counted), ${eligibility}::jsonb
        from claimed c
        returning id
      )
      select r.id as claim_id, c.id as show_item_id, c.show_id, c.kind, c.title, c.price,
        c.auth_net_customer_profile_id as customer_profile_id,
        c.auth_net_payment_profile_id as payment_profile_id, c.shipping_address
      from (select vault_claim_guard((select count(*) from counted), (select count(*) from claimed))) guard
      left join (claimed c join recorded r on true) on true`.execute(db);
    const row = result.rows[0];
    return row?.claimId ? row : undefined;
  } catch (error) {
    if (!args.inTransaction && (error as { code?: string }).code === CLAIM_LOST_AFTER_COUNTING) return undefined;
    throw error;
  }
}

/**
 * Claims a draw's item for the entrant whose turn it is: only while the draw is drawing and is the
 * item's latest (a reset and a new reveal start another), the item unsold, unclaimed and on sale or
 * past its turn in this run of the show (a reset puts it back in the queue: no sale then).
 */
export function claimDrawn(
  db: Db,
  args: { drawId: string; showItemId: string; userId: string; now: Date; eligibility: EligibilityBasis | null },
): Promise<Claim | undefined> {
  return handOver(db, {
    userId: args.userId,
    claimId: newClaimId(),
    now: args.now,
    eligibility: args.eligibility,
    releaseStatus: 'showing',
    inTransaction: false,
    head: sql`target as (
      select i.id, i.show_id
      from show_items i join shows s on s.id = i.show_id join draws d on d.show_item_id = i.id
      where i.id = ${args.showItemId} and d.id = ${args.drawId} and d.status = 'drawing'
        and i.claim_id is null and i.status in ('showing', 'available')
        and s.kind = 'live' and s.status in ('running', 'paused', 'completed')
        and not exists (select 1 from draws n where n.show_item_id = i.id and n.opened_at > d.opened_at)
    )`,
    itemStill: sql`i.claim_id is null and i.status in ('showing', 'available')`,
  });
}

/** Why claimDrawn matched nothing: the member cannot buy now, or the item cannot be sold by this draw. */
export async function drawnRefusal(
  db: Db,
  args: { drawId: string; showItemId: string },
): Promise<'member' | 'busy' | 'gone'> {
  const row = (
    await sql<{ status: string; claimId: string | null; drawStatus: string; showStatus: string; newer: boolean }>`
      select i.status, i.claim_id, d.status as draw_status, s.status as show_status,
        exists (select 1 from draws n where n.show_item_id = i.id and n.opened_at > d.opened_at) as newer
      from show_items i join shows s on s.id = i.show_id join draws d on d.id = ${args.drawId}
      where i.id = ${args.showItemId}`.execute(db)
  ).rows[0];
  if (row?.drawStatus !== 'drawing' || row.newer) return 'gone';
  if (row.claimId) return 'busy';
  if (!['showing', 'available'].includes(row.status)) return 'gone';
  if (!['running', 'paused', 'completed'].includes(row.showStatus)) return 'gone';
  return 'member';
}

export interface HandoverCandidate {
  userId: string;
  eligibility: EligibilityBasis | null;
}

export type PassResult =
  /** The declined claim was no longer pending: someone else (the reconciler) resolved it. */
  | { passed: false; released: undefined }
  /** Released; nobody in line could take it (or next in line is off): the item is back as after any release. */
  | { passed: false; released: SaleClaim }
  | { passed: true; released: SaleClaim; claim: Claim; userId: string };

/**
 * A first-press winner's card was declined: in ONE transaction, their claim is released and the
 * item claimed for the first candidate (the members who pressed Buy for it, in the order the
 * server received them) who may still buy it — or, when none may, or the show's next_in_line is
 * off, put back as any release puts it. The item never goes back on sale between the two, so no
 * other press can take it in that moment.
 */
export function passClaim(
  db: Db,
  args: { claimId: string; failure: string; candidates: readonly HandoverCandidate[]; now: Date },
): Promise<PassResult> {
  return withTransaction(db, async (trx): Promise<PassResult> => {
    const released = await markReleased(trx, {
      claimId: args.claimId,
      failure: args.failure,
      needsCheck: false,
      now: args.now,
    });
    if (!released) return { passed: false, released: undefined };
    await uncount(trx, released);
    // Holding the released claim's row (updated above), the item's claim_id cannot move under us.
    for (const candidate of args.candidates) {
      const claim = await handOver(trx, {
        userId: candidate.userId,
        claimId: newClaimId(),
        now: args.now,
        eligibility: candidate.eligibility,
        releaseStatus: released.releaseStatus,
        inTransaction: true,
        head: sql`target as (
          select i.id, i.show_id
          from show_items i join shows s on s.id = i.show_id
          where i.id = ${released.showItemId} and i.claim_id = ${released.id}
            and s.kind = 'live' and s.next_in_line and s.status in ('running', 'paused', 'completed')
        )`,
        itemStill: sql`i.claim_id = ${released.id}`,
      });
      if (claim) return { passed: true, released, claim, userId: candidate.userId };
    }
    await putBackUnsold(trx, released, args.now);
    return { passed: false, released };
  });
}

/** Whether a show passes a declined winner's item down its press line (shows.next_in_line). */
export async function passesDown(db: Db, showId: string): Promise<boolean> {
  const row = await db.selectFrom('shows').select('nextInLine').where('id', '=', showId).executeTakeFirst();
  return row?.nextInLine ?? false;
}
