import { randomBytes } from 'node:crypto';
import type { EligibilityBasis } from '@vault/contracts';
import type { Database, Purchase, SaleClaim } from '@vault/db';
import { idsOf, insertPushes, pushPayload } from '@vault/notify';
import { putBackUnsold, showSold, soldToClaim } from '@vault/show';
import { sql, type Transaction } from 'kysely';
import { type Db, withTransaction } from '../core/db';

/** A claim's id: 20 hex characters, the longest invoice number / refId the gateway takes. */
export const newClaimId = () => randomBytes(10).toString('hex');

export interface Claim {
  claimId: string;
  showItemId: string;
  showId: string;
  kind: 'live' | 'test_products';
  title: string;
  price: string;
  customerProfileId: string;
  paymentProfileId: string;
  shippingAddress: string;
}

/**
 * The purchase's shipping address from the member's profile (users as `u`), as one line: "Name,
 * street, city, ST zip, country", blank parts left out. The claim reads it and a settle without one
 * looks it up again.
 */
export const SHIPPING_ADDRESS = sql<string>`concat_ws(', ',
  nullif(u.full_name, ''), u.address, u.city, concat_ws(' ', u.state, u.zip), u.country)`;

/** The SQLSTATE vault_claim_guard (migration 0004) raises: the member was counted but lost the item. */
export const CLAIM_LOST_AFTER_COUNTING = 'VC001';

/**
 * Claims an item for a member in ONE statement: the conditional UPDATE of show_items is the
 * claim (it matches only while the item is on sale and unclaimed), and the same statement records
 * the claim in sale_claims. Concurrent buyers race on the row; exactly one UPDATE matches, on
 * Postgres and on PGlite alike. The member's eligibility (onboarded, a saved card, an unused
 * Idempotency-Key) is part of the condition, so the winner's path is this one round trip.
 *
 * A show with a per-member cap counts the member first, in the same statement: the upsert of
 * their show_member_purchases row matches only while its count is below the cap, and on a
 * conflict it locks that row and re-checks the count on its latest version, so two claims by one
 * member (on any replica) queue there and cannot both pass. The item's UPDATE requires that count.
 * If the member was counted but another buyer took the item first, vault_claim_guard raises and
 * the whole statement, count included, is undone: counting and claiming are one act.
 * A draw item is never claimed by a press, whatever a replica's memory says: its sale is the
 * draw's (claimDrawn in handover.repository.ts).
 * No match → undefined; `explainRefusal` says why.
 */
export async function claimItem(
  db: Db,
  args: {
    userId: string;
    showItemId: string;
    idempotencyKey: string | null;
    now: Date;
    /** The eligibility rules that allowed this press, kept with the claim for the purchase. */
    eligibility?: EligibilityBasis | null;
  },
): Promise<Claim | undefined> {
  const claimId = newClaimId();
  const { userId, showItemId, idempotencyKey, now } = args;
  const eligibility = args.eligibility ? JSON.stringify(args.eligibility) : null;
  try {
    const result = await sql<Claim & { claimId: string | null }>`
      with eligible as (
        select u.auth_net_customer_profile_id, u.auth_net_payment_profile_id, ${SHIPPING_ADDRESS} as shipping_address
        from users u
        where u.id = ${userId} and u.onboarding_completed and u.buying_suspended_at is null
          and u.auth_net_customer_profile_id is not null and u.auth_net_payment_profile_id is not null
          and (${idempotencyKey}::varchar is null or not exists (
            select 1 from purchases p where p.user_id = u.id and p.idempotency_key = ${idempotencyKey}::varchar))
      ), counted as (
        insert into show_member_purchases as m (show_id, user_id, count)
        select s.id, ${userId}, 1
        from show_items i join shows s on s.id = i.show_id, eligible e
        where i.id = ${showItemId} and s.kind = 'live' and s.purchase_cap is not null
          and i.status = 'showing' and i.claim_id is null
        on conflict (show_id, user_id) do update set count = m.count + 1
          where m.count < (select c.purchase_cap from shows c where c.id = m.show_id)
        returning m.show_id
      ), claimed as (
        update show_items i
        set ${soldToClaim({ userId, claimId, now })}
        from shows s, eligible e
        where i.id = ${showItemId} and s.id = i.show_id and i.claim_id is null and (
          (i.status = 'showing' and s.kind = 'live' and s.status = 'running' and s.phase = 'showing'
            and s.phase_ends_at > ${now} and i.sale_mode = 'first_press'
            and (s.purchase_cap is null or exists (select 1 from counted)))
          or (i.status = 'available' and s.kind = 'test_products' and not exists (
            select 1 from shows l where l.kind = 'live' and l.status in ('running', 'paused')))
        )
        returning i.id, i.show_id, i.title, i.price, s.kind, e.auth_net_customer_profile_id,
          e.auth_net_payment_profile_id, e.shipping_address
      ), recorded as (
        insert into sale_claims (id, show_item_id, user_id, amount, idempotency_key, release_status, counted,
          eligibility)
        select ${claimId}, c.id, ${userId}, c.price, ${idempotencyKey}::varchar,
          case when c.kind = 'test_products' then 'available' else 'showing' end,
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
    // Counted, then beaten to the item: the statement was undone; explainRefusal tells the buyer.
    if ((error as { code?: string }).code === CLAIM_LOST_AFTER_COUNTING) return undefined;
    throw error;
  }
}

export interface RefusalFacts {
  user: { onboardingCompleted: boolean; hasCard: boolean } | undefined;
  item: { status: string; claimId: string | null; soldToUserId: string | null; kind: string } | undefined;
  /** This member's purchase of this item, if any (an idempotent retry). */
  purchaseId: string | null;
  /** This member's purchase under this Idempotency-Key, with its item. */
  keyPurchase: { id: string; showItemId: string } | null;
  /** The member's own claim on this item still in flight (a double tap). */
  ownPendingClaimId: string | null;
  /** The item's show's per-member cap, when it has one and the member has reached it. */
  capReached: number | null;
}

/** Everything needed to explain a failed claim, in one query. */
export async function explainRefusal(
  db: Db,
  args: { userId: string; showItemId: string; idempotencyKey: string | null },
): Promise<RefusalFacts> {
  const { userId, showItemId, idempotencyKey } = args;
  const row = (
    await sql<{
      onboardingCompleted: boolean | null;
      hasCard: boolean | null;
      itemStatus: string | null;
      claimId: string | null;
      soldToUserId: string | null;
      kind: string | null;
      purchaseId: string | null;
      keyPurchaseId: string | null;
      keyItemId: string | null;
      ownClaimId: string | null;
      purchaseCap: number | null;
      memberCount: number | null;
    }>`
      select u.onboarding_completed,
        (u.auth_net_customer_profile_id is not null and u.auth_net_payment_profile_id is not null) as has_card,
        i.status as item_status, i.claim_id, i.sold_to_user_id, s.kind,
        (select p.id from purchases p where p.user_id = ${userId} and p.show_item_id = ${showItemId}) as purchase_id,
        k.id as key_purchase_id, k.show_item_id as key_item_id,
        (select c.id from sale_claims c where c.show_item_id = ${showItemId} and c.user_id = ${userId}
          and c.status = 'pending') as own_claim_id,
        s.purchase_cap,
        (select m.count from show_member_purchases m where m.show_id = s.id and m.user_id = ${userId}) as member_count
      from (select 1) one
      left join users u on u.id = ${userId}
      left join show_items i on i.id = ${showItemId}
      left join shows s on s.id = i.show_id
      left join purchases k on ${idempotencyKey}::varchar is not null and k.user_id = ${userId}
        and k.idempotency_key = ${idempotencyKey}::varchar`.execute(db)
  ).rows[0];
  return {
    user:
      row?.onboardingCompleted == null
        ? undefined
        : { onboardingCompleted: row.onboardingCompleted, hasCard: Boolean(row.hasCard) },
    item:
      row?.itemStatus == null
        ? undefined
        : {
            status: row.itemStatus,
            claimId: row.claimId,
            soldToUserId: row.soldToUserId,
            kind: row.kind ?? 'live',
          },
    purchaseId: row?.purchaseId ?? null,
    keyPurchase: row?.keyPurchaseId && row.keyItemId ? { id: row.keyPurchaseId, showItemId: row.keyItemId } : null,
    ownPendingClaimId: row?.ownClaimId ?? null,
    capReached: row?.purchaseCap != null && (row.memberCount ?? 0) >= row.purchaseCap ? row.purchaseCap : null,
  };
}

/**
 * The sale went through: record the purchase, clear the item's claim, settle the claim — in one
 * transaction, and only if the claim is still pending (the live request and the reconciler may
 * both try; one wins, the other gets undefined).
 */
export async function settleClaim(
  db: Db,
  args: { claimId: string; transactionId: string; shippingAddress?: string; now: Date },
) {
  return withTransaction(db, async (trx) => {
    const claim = await trx
      .updateTable('saleClaims')
      .set({ status: 'settled', transactionId: args.transactionId, resolvedAt: args.now })
      .where('id', '=', args.claimId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!claim) return undefined;
    await showSold(trx, claim, args.now);
    const shippingAddress = args.shippingAddress ?? (await shippingAddressOf(trx, claim.userId));
    // The receipt is written with the sale (the outbox): it exists exactly when the purchase does,
    // and is delivered after this commits (never inside the Buy's answer); its dedupe key is the
    // purchase, so nothing can write it twice. The member's "you won" pushes (one per browser, if
    // they want them) are another CTE of the same statement: no round trip more on the Buy.
    const row = await sql<Purchase & { receiptId: string; pushIds: string[] }>`
      with bought as (
        insert into purchases (user_id, show_item_id, amount, status, transaction_id, shipping_address, claim_id,
          idempotency_key, eligibility, updated_at)
        values (${claim.userId}, ${claim.showItemId}, ${claim.amount}, 'authorized', ${args.transactionId},
          ${shippingAddress}, ${claim.id}, ${claim.idempotencyKey},
          ${claim.eligibility ? JSON.stringify(claim.eligibility) : null}::jsonb, ${args.now})
        returning *
      ), receipt as (
        insert into mail_outbox (kind, dedupe_key, user_id, payload)
        select 'receipt', 'receipt:' || b.id, b.user_id, jsonb_build_object('purchaseId', b.id) from bought b
        returning id
      ), won as (${insertPushes(
        'won',
        sql`select b.user_id, b.id::text as subject,
          ${pushPayload('won', { purchaseId: sql`b.id`, itemTitle: sql`i.title` })} as payload
        from bought b join show_items i on i.id = b.show_item_id`,
        args.now,
      )})
      select b.*, r.id as receipt_id, ${idsOf('won')} as push_ids from bought b, receipt r`.execute(trx);
    const { receiptId, pushIds, ...purchase } = row.rows[0] as Purchase & { receiptId: string; pushIds: string[] };
    return { purchase: purchase as Purchase, receiptId, pushIds };
  });
}

async function shippingAddressOf(db: Db, userId: string): Promise<string> {
  const row = await sql<{ address: string }>`
    select ${SHIPPING_ADDRESS} as address from users u where u.id = ${userId}`.execute(db);
  return row.rows[0]?.address ?? '';
}

/**
 * The sale did not go through: put the item back (on sale again if its show is still showing it,
 * else where the clock has moved on to) and close the claim. `needsCheck` marks a release made
 * without knowing whether the gateway authorised (a timeout): the reconciler looks again later.
 */
export async function releaseClaim(
  db: Db,
  args: { claimId: string; failure: string; needsCheck: boolean; now: Date },
): Promise<SaleClaim | undefined> {
  return withTransaction(db, async (trx) => {
    const claim = await markReleased(trx, args);
    if (!claim) return undefined;
    await uncount(trx, claim);
    await putBackUnsold(trx, claim, args.now);
    return claim;
  });
}

/**
 * Closes a pending claim as released, in the caller's transaction; undefined when it was not
 * pending (settled or released by someone else first).
 */
export function markReleased(
  trx: Transaction<Database>,
  args: { claimId: string; failure: string; needsCheck: boolean; now: Date },
): Promise<SaleClaim | undefined> {
  return trx
    .updateTable('saleClaims')
    .set({ status: 'released', failure: args.failure, needsCheck: args.needsCheck, resolvedAt: args.now })
    .where('id', '=', args.claimId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The released claim counted against the show's cap: the member did not get the item, so neither
 * does the cap keep it. In the release's transaction, so the two cannot drift apart.
 */
export async function uncount(trx: Transaction<Database>, claim: SaleClaim): Promise<void> {
  if (!claim.counted) return;
  await sql`
    update show_member_purchases m set count = m.count - 1
    from show_items i
    where i.id = ${claim.showItemId} and m.show_id = i.show_id and m.user_id = ${claim.userId} and m.count > 0`.execute(
    trx,
  );
}

/** Where a claim stands, for a double tap waiting on another instance's attempt. */
export function findClaimStatus(db: Db, claimId: string) {
  return db.selectFrom('saleClaims').select(['status', 'failure']).where('id', '=', claimId).executeTakeFirst();
}

/** Pending claims older than `before` (a crash or a lost answer left them), oldest first. */
export function listStalePendingClaims(db: Db, before: Date) {
  return db
    .selectFrom('saleClaims')
    .innerJoin('users', 'users.id', 'saleClaims.userId')
    .innerJoin('showItems', 'showItems.id', 'saleClaims.showItemId')
    .innerJoin('shows', 'shows.id', 'showItems.showId')
    .select(['saleClaims.id', 'saleClaims.showItemId', 'users.authNetCustomerProfileId', 'shows.id as showId'])
    .where('saleClaims.status', '=', 'pending')
    .where('saleClaims.createdAt', '<=', before)
    .orderBy('saleClaims.createdAt')
    .limit(100)
    .execute();
}

/** Claims released without knowing whether the gateway authorised, resolved before `before`. */
export function listClaimsToRecheck(db: Db, before: Date) {
  return db
    .selectFrom('saleClaims')
    .innerJoin('users', 'users.id', 'saleClaims.userId')
    .select(['saleClaims.id', 'users.authNetCustomerProfileId'])
    .where('saleClaims.needsCheck', '=', true)
    .where('saleClaims.resolvedAt', '<=', before)
    .limit(100)
    .execute();
}

export async function markClaimChecked(db: Db, claimId: string): Promise<void> {
  await db.updateTable('saleClaims').set({ needsCheck: false }).where('id', '=', claimId).execute();
}
