import { type DrawStatus, REACTION_BUCKET_EDGES_MS, REPORT_TOP_PRESSERS } from '@vault/contracts';
import { sql } from 'kysely';
import type { Db } from '../core/db';

// The rows behind the report's fair-drops figures: one query per concern for the whole show, never
// one per item. buy_presses holds one row per member and item (the first press's time and
// reaction, and how many presses), written by the presses recorder; draws and draw_entries by
// the draws domain.

/** Flagged members listed per item at most (the count in the reactions covers the rest). */
export const FLAGGED_LISTED = 50;

export interface PressStatsRow {
  /** Null on the row of the whole show. */
  showItemId: string | null;
  members: number;
  /** Distinct members flagged (on the show's row: on any item, each once). */
  flaggedMembers: number;
  presses: number;
  timed: number;
  flagged: number;
  minMs: number | null;
  p10Ms: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  /** Members per histogram bin, in REACTION_BUCKET_EDGES_MS order, the open-ended bin last. */
  buckets: number[];
}

/**
 * Per item of the show, and for the whole show (grouping sets, one pass): members who pressed,
 * their presses, and the distribution of their reaction times (percentile_disc: an observed time,
 * never one between two members'). A reaction below 0 (a press before the reveal could have
 * reached the member) falls in the first bin.
 */
export async function pressStatsOfShow(db: Db, showId: string): Promise<PressStatsRow[]> {
  const edges = [...REACTION_BUCKET_EDGES_MS];
  const bins = [
    sql`count(*) filter (where p.reaction_ms < ${edges[0]})::int`,
    ...edges
      .slice(1)
      .map((to, i) => sql`count(*) filter (where p.reaction_ms >= ${edges[i]} and p.reaction_ms < ${to})::int`),
    sql`count(*) filter (where p.reaction_ms >= ${edges[edges.length - 1]})::int`,
  ];
  const result = await sql<PressStatsRow>`
    select p.show_item_id,
      count(*)::int as members,
      coalesce(sum(p.presses), 0)::int as presses,
      count(p.reaction_ms)::int as timed,
      count(*) filter (where p.flagged)::int as flagged,
      count(distinct p.user_id) filter (where p.flagged)::int as flagged_members,
      min(p.reaction_ms)::int as min_ms,
      (percentile_disc(0.1) within group (order by p.reaction_ms))::int as p10_ms,
      (percentile_disc(0.5) within group (order by p.reaction_ms))::int as p50_ms,
      (percentile_disc(0.9) within group (order by p.reaction_ms))::int as p90_ms,
      array[${sql.join(bins)}] as buckets
    from buy_presses p join show_items i on i.id = p.show_item_id
    where i.show_id = ${showId}
    group by grouping sets ((p.show_item_id), ())`.execute(db);
  return result.rows;
}

export interface PressMemberRow {
  showItemId: string;
  userId: string;
  email: string;
  fullName: string | null;
  buyingSuspended: boolean;
  presses: number;
  reactionMs: number | null;
  flagged: boolean;
  /** Among the item's top pressers (by presses, the earliest first on a tie). */
  top: boolean;
}

/**
 * The members the report names per item, in one pass: the top pressers, and the flagged ones
 * (fastest first, at most FLAGGED_LISTED), with their name and email for the admin and whether
 * their buying is suspended already.
 */
export async function pressMembersOfShow(db: Db, showId: string): Promise<PressMemberRow[]> {
  const result = await sql<PressMemberRow>`
    select r.show_item_id, r.user_id, u.email, u.full_name,
      (u.buying_suspended_at is not null) as buying_suspended,
      r.presses, r.reaction_ms, r.flagged, (r.by_presses <= ${REPORT_TOP_PRESSERS}) as top
    from (
      select p.show_item_id, p.user_id, p.presses, p.reaction_ms, p.flagged,
        row_number() over (partition by p.show_item_id order by p.presses desc, p.received_at, p.id) as by_presses,
        row_number() over (
          partition by p.show_item_id order by (not p.flagged), p.reaction_ms nulls last, p.id
        ) as by_speed
      from buy_presses p join show_items i on i.id = p.show_item_id
      where i.show_id = ${showId}
    ) r join users u on u.id = r.user_id
    where r.by_presses <= ${REPORT_TOP_PRESSERS} or (r.flagged and r.by_speed <= ${FLAGGED_LISTED})`.execute(db);
  return result.rows;
}

export interface ReportDrawRow {
  showItemId: string;
  id: string;
  status: DrawStatus;
  entries: number;
  winnerEntryNumber: number | null;
}

/**
 * Each draw item's latest draw (a reset show draws anew at the next reveal). An open draw's count
 * is what its entries written so far say; a closed one's is the count it closed with.
 */
export async function drawsOfShow(db: Db, showId: string): Promise<ReportDrawRow[]> {
  const result = await sql<ReportDrawRow>`
    select distinct on (d.show_item_id) d.show_item_id, d.id, d.status, d.winner_entry_number,
      coalesce(d.entry_count, (select count(*) from draw_entries e where e.draw_id = d.id))::int as entries
    from draws d
    where d.show_id = ${showId}
    order by d.show_item_id, d.opened_at desc, d.created_at desc`.execute(db);
  return result.rows;
}
