import type { Draw, DrawEntry } from '@vault/db';
import { idsOf, insertPushes, pushPayload } from '@vault/notify';
import { sql } from 'kysely';
import type { Db } from '../core/db';

// The draws' rows as the API reads and moves them after the reveal (the clock opens, freezes and
// cancels them: packages/show/src/draws.ts). Every move is conditional on the row's status, so two
// replicas (or a replica and the reconciler) doing the same step cannot both do it.

export interface EntryRow {
  drawId: string;
  entryNumber: number;
  userId: string;
  pseudonym: string;
  enteredAt: Date;
}

/** Rows per INSERT: five parameters each, far below Postgres's 65,535. */
const INSERT_CHUNK = 2_000;

/**
 * Writes entries the registry numbered. Replicas write their own batches and the closing replica
 * writes them all again: an entry already written (by number or by member) is left as it is.
 */
export async function insertEntries(db: Db, rows: readonly EntryRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('drawEntries')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

export function findDraw(db: Db, drawId: string): Promise<Draw | undefined> {
  return db.selectFrom('draws').selectAll().where('id', '=', drawId).executeTakeFirst();
}

/**
 * The window is over: open → drawing, by exactly one caller, and only once its time has come (a
 * pause cleared closes_at, a resume set it later). The winner holds the draw's lease (updated_at).
 */
export function startDrawing(db: Db, drawId: string, now: Date): Promise<Draw | undefined> {
  return db
    .updateTable('draws')
    .set({ status: 'drawing', updatedAt: now })
    .where('id', '=', drawId)
    .where('status', '=', 'open')
    .where('closesAt', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The lease of a drawing draw is its updated_at: whoever last set it is charging down the order.
 * Renewed before each step (only by the holder: it names the value it set); taken over when it
 * has not moved since `staleBefore` (the holder died or gave up waiting for a claim).
 */
export async function renewLease(db: Db, drawId: string, held: Date, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('draws')
    .set({ updatedAt: now })
    .where('id', '=', drawId)
    .where('status', '=', 'drawing')
    .where('updatedAt', '=', held)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function takeOverLease(db: Db, drawId: string, staleBefore: Date, now: Date): Promise<Draw | undefined> {
  return db
    .updateTable('draws')
    .set({ updatedAt: now })
    .where('id', '=', drawId)
    .where('status', '=', 'drawing')
    .where('updatedAt', '<=', staleBefore)
    .returningAll()
    .executeTakeFirst();
}

/** Draws whose window passed `before` with nobody closing them, and drawing ones nobody moved since `stale`. */
export function abandonedDraws(db: Db, before: Date, stale: Date) {
  return db
    .selectFrom('draws')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'open'), eb('closesAt', '<=', before)]),
        eb.and([eb('status', '=', 'drawing'), eb('updatedAt', '<=', stale)]),
      ]),
    )
    .orderBy('openedAt')
    .limit(20)
    .execute();
}

export function listEntries(db: Db, drawId: string): Promise<Pick<DrawEntry, 'entryNumber' | 'userId' | 'outcome'>[]> {
  return db
    .selectFrom('drawEntries')
    .select(['entryNumber', 'userId', 'outcome'])
    .where('drawId', '=', drawId)
    .execute();
}

/** The published order and count. Leaves updated_at alone: that is the lease, renewed by its holder. */
export async function saveOrder(db: Db, drawId: string, order: readonly number[]): Promise<void> {
  await db
    .updateTable('draws')
    // As an array literal: the same text on both drivers (pg and PGlite serialise JS arrays differently).
    .set({ entryCount: order.length, drawOrder: sql<number[]>`${`{${order.join(',')}}`}::int[]` })
    .where('id', '=', drawId)
    .where('status', '=', 'drawing')
    .execute();
}

export async function markOutcome(
  db: Db,
  drawId: string,
  entryNumber: number,
  outcome: 'won' | 'declined' | 'skipped',
): Promise<void> {
  await db
    .updateTable('drawEntries')
    .set({ outcome })
    .where('drawId', '=', drawId)
    .where('entryNumber', '=', entryNumber)
    .execute();
}

/**
 * The end of a draw: drawn (with its winner and purchase), no_winner or cancelled; once. A draw
 * that was drawn (won or not) tells every entrant so in the same statement: a draw_drawn push to
 * each browser of each entrant who wants them (the winner's "won" came with the purchase). A
 * cancelled draw drew nobody: no push. Undefined when the draw had already ended; else the ids
 * of the pushes written, to deliver.
 */
export async function finishDraw(
  db: Db,
  args: {
    drawId: string;
    status: 'drawn' | 'no_winner' | 'cancelled';
    winnerEntryNumber?: number;
    purchaseId?: string;
    now: Date;
  },
): Promise<{ pushIds: string[] } | undefined> {
  const result = await sql<{ ended: number; pushIds: string[] }>`
    with ended as (
      update draws
      set status = ${args.status}, winner_entry_number = ${args.winnerEntryNumber ?? null}::int,
        purchase_id = ${args.purchaseId ?? null}::uuid, closed_at = ${args.now}, updated_at = ${args.now}
      where id = ${args.drawId} and status in ('open', 'drawing')
      returning id, show_item_id
    ), pushes as (${insertPushes(
      'draw_drawn',
      sql`select e.user_id, d.id::text as subject,
        ${pushPayload('draw_drawn', {
          drawId: sql`d.id`,
          showItemId: sql`d.show_item_id`,
          itemTitle: sql`i.title`,
        })} as payload
      from ended d join draw_entries e on e.draw_id = d.id join show_items i on i.id = d.show_item_id
      where ${args.status}::text in ('drawn', 'no_winner')`,
      args.now,
    )})
    select (select count(*) from ended)::int as ended, ${idsOf('pushes')} as push_ids`.execute(db);
  const row = result.rows[0];
  return row && row.ended > 0 ? { pushIds: row.pushIds } : undefined;
}

/**
 * What became of this member's latest claim on the item since the draw opened: a charge that was
 * under way when its replica stopped (settled, released, or still pending for the reconciler).
 */
export function latestClaimOf(db: Db, args: { showItemId: string; userId: string; since: Date }) {
  return db
    .selectFrom('saleClaims')
    .leftJoin('purchases', 'purchases.claimId', 'saleClaims.id')
    .select(['saleClaims.id', 'saleClaims.status', 'purchases.id as purchaseId'])
    .where('saleClaims.showItemId', '=', args.showItemId)
    .where('saleClaims.userId', '=', args.userId)
    .where('saleClaims.createdAt', '>=', args.since)
    .orderBy('saleClaims.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether any claim on the item is still waiting for the gateway's answer. */
export async function hasPendingClaim(db: Db, showItemId: string): Promise<boolean> {
  const row = await db
    .selectFrom('saleClaims')
    .select('id')
    .where('showItemId', '=', showItemId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What entering a draw asks of a member beyond the eligibility rules (those are the judge's). */
export interface EntrantFacts {
  onboarded: boolean;
  hasCard: boolean;
  suspended: boolean;
  /** Items of this show they hold (show_member_purchases), for the per-member cap. */
  bought: number;
}

/** Several members' entrant facts in one query (members with no row are absent). */
export async function loadEntrantFacts(
  db: Db,
  showId: string,
  userIds: readonly string[],
): Promise<Map<string, EntrantFacts>> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('showMemberPurchases as m', (join) => join.onRef('m.userId', '=', 'u.id').on('m.showId', '=', showId))
    .select((eb) => [
      'u.id',
      'u.onboardingCompleted',
      eb
        .and([eb('u.authNetCustomerProfileId', 'is not', null), eb('u.authNetPaymentProfileId', 'is not', null)])
        .as('hasCard'),
      eb('u.buyingSuspendedAt', 'is not', null).as('suspended'),
      'm.count',
    ])
    .where('u.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        onboarded: row.onboardingCompleted,
        hasCard: Boolean(row.hasCard),
        suspended: Boolean(row.suspended),
        bought: Number(row.count ?? 0),
      },
    ]),
  );
}

/**
 * The item's latest draw for the public record, with the item's and show's titles: a cancelled
 * draw (a reset mid-window) only when the item has no other.
 */
export function latestDrawOf(db: Db, showItemId: string) {
  return db
    .selectFrom('draws')
    .innerJoin('showItems', 'showItems.id', 'draws.showItemId')
    .innerJoin('shows', 'shows.id', 'draws.showId')
    .selectAll('draws')
    .select(['showItems.title as itemTitle', 'shows.title as showTitle'])
    .where('draws.showItemId', '=', showItemId)
    .orderBy(sql`draws.status = 'cancelled'`)
    .orderBy('draws.openedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A draw's entries as the public sees them: numbers and pseudonyms (never the member), and what each turn came to. */
export function publicEntries(db: Db, drawId: string) {
  return db
    .selectFrom('drawEntries')
    .select(['entryNumber', 'pseudonym', 'outcome'])
    .where('drawId', '=', drawId)
    .orderBy('entryNumber')
    .execute();
}
