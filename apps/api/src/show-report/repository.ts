import type { BuyAttemptOutcome, Show } from '@vault/db';
import { sql } from 'kysely';
import type { Db } from '../core/db';

// The rows behind the admin's show report, and the write that feeds it from here: buy attempts
// counted per item. Watcher samples in the show's event log are @vault/show's (recordWatchers).

/** A live show (never the standing test-products show: it has no run to report on). */
export function findReportableShow(db: Db, showId: string): Promise<Show | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', showId).where('kind', '=', 'live').executeTakeFirst();
}

export interface ShowEventRow {
  id: number;
  step: number;
  type: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** Every event of the show, in the order it was written. */
export function listShowEvents(db: Db, showId: string): Promise<ShowEventRow[]> {
  return db
    .selectFrom('showEvents')
    .select(['id', 'step', 'type', 'payload', 'occurredAt'])
    .where('showId', '=', showId)
    .orderBy('id')
    .execute();
}

export interface BuyAttemptRow {
  showItemId: string;
  outcome: BuyAttemptOutcome;
  count: number;
}

/** The buy attempts counted on the show's items, by outcome. */
export function buyAttemptsOfShow(db: Db, showId: string): Promise<BuyAttemptRow[]> {
  return db
    .selectFrom('itemBuyAttempts')
    .innerJoin('showItems', 'showItems.id', 'itemBuyAttempts.showItemId')
    .select(['itemBuyAttempts.showItemId', 'itemBuyAttempts.outcome', 'itemBuyAttempts.count'])
    .where('showItems.showId', '=', showId)
    .execute();
}

/** One member who pressed Buy on an item with an outcome. */
export interface BuyAttemptMemberRow {
  showItemId: string;
  outcome: BuyAttemptOutcome;
  userId: string;
}

/**
 * Distinct members who pressed Buy on the show's items: per (item, outcome), per item (outcome
 * null), and over the whole show (both null), in one pass (grouping sets).
 */
export async function buyAttemptMembersOfShow(
  db: Db,
  showId: string,
): Promise<Array<{ showItemId: string | null; outcome: BuyAttemptOutcome | null; members: number }>> {
  const result = await sql<{ showItemId: string | null; outcome: BuyAttemptOutcome | null; members: number }>`
    select m.show_item_id, m.outcome, count(distinct m.user_id)::int as members
    from item_buy_attempt_members m join show_items i on i.id = m.show_item_id
    where i.show_id = ${showId}
    group by grouping sets ((m.show_item_id, m.outcome), (m.show_item_id), ())`.execute(db);
  return result.rows;
}

/**
 * Adds counted presses to the totals, and the members who pressed, in one statement: every replica
 * flushes its own increments, so the totals are the sum (and a member counted by two replicas is
 * still one row). An item deleted since its presses were counted is skipped (its rows would break
 * the foreign key, and with it the whole flush).
 */
export async function addBuyAttempts(
  db: Db,
  increments: BuyAttemptRow[],
  members: BuyAttemptMemberRow[] = [],
): Promise<void> {
  if (increments.length === 0 && members.length === 0) return;
  const counts = sql.join(
    increments.map((row) => sql`(${row.showItemId}::uuid, ${row.outcome}::varchar, ${row.count}::int)`),
  );
  const who = sql.join(
    members.map((row) => sql`(${row.showItemId}::uuid, ${row.outcome}::varchar, ${row.userId}::uuid)`),
  );
  const addCounts = sql`
    insert into item_buy_attempts (show_item_id, outcome, count)
    select v.show_item_id, v.outcome, v.count
    from (values ${counts}) as v (show_item_id, outcome, count)
    where exists (select 1 from show_items i where i.id = v.show_item_id)
    on conflict (show_item_id, outcome) do update set count = item_buy_attempts.count + excluded.count`;
  const addMembers = sql`
    insert into item_buy_attempt_members (show_item_id, outcome, user_id)
    select v.show_item_id, v.outcome, v.user_id
    from (values ${who}) as v (show_item_id, outcome, user_id)
    where exists (select 1 from show_items i where i.id = v.show_item_id)
    on conflict do nothing`;
  if (members.length === 0) await addCounts.execute(db);
  else if (increments.length === 0) await addMembers.execute(db);
  else await sql`with counted as (${addCounts} returning 1) ${addMembers}`.execute(db);
}
