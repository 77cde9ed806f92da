import { sql } from 'kysely';
import type { Db } from '../core/db';

/** One member's presses for one item on one replica since its last flush; the first press's facts. */
export interface PressRow {
  showItemId: string;
  userId: string;
  /** Epoch ms this replica received the first of these presses. */
  receivedAt: number;
  reactionMs: number | null;
  flagged: boolean;
  transport: 'socket' | 'http';
  presses: number;
}

/**
 * Adds a batch of presses in one statement, in the order given (the ids of new rows follow it, so
 * presses received in the same millisecond keep their order). A member's row keeps the time,
 * reaction and transport of their first press across batches and replicas, and adds up the count.
 * Rows of an item or member deleted meanwhile are skipped, not allowed to fail the batch.
 */
export async function addPresses(db: Db, rows: readonly PressRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: PressRow) => T) => rows.map(pick);
  await sql`
    insert into buy_presses (show_item_id, user_id, received_at, reaction_ms, flagged, transport, presses)
    select p.show_item_id, p.user_id, to_timestamp(p.received_ms / 1000.0), p.reaction_ms, p.flagged, p.transport, p.presses
    from unnest(
      ${column((row) => row.showItemId)}::uuid[],
      ${column((row) => row.userId)}::uuid[],
      ${column((row) => row.receivedAt)}::float8[],
      ${column((row) => row.reactionMs)}::int[],
      ${column((row) => row.flagged)}::boolean[],
      ${column((row) => row.transport)}::varchar[],
      ${column((row) => row.presses)}::int[]
    ) with ordinality as p (show_item_id, user_id, received_ms, reaction_ms, flagged, transport, presses, n)
    where exists (select 1 from show_items i where i.id = p.show_item_id)
      and exists (select 1 from users u where u.id = p.user_id)
    order by p.n
    on conflict (show_item_id, user_id) do update set
      presses = buy_presses.presses + excluded.presses,
      reaction_ms = case when excluded.received_at < buy_presses.received_at
        then excluded.reaction_ms else buy_presses.reaction_ms end,
      flagged = case when excluded.received_at < buy_presses.received_at
        then excluded.flagged else buy_presses.flagged end,
      transport = case when excluded.received_at < buy_presses.received_at
        then excluded.transport else buy_presses.transport end,
      received_at = least(buy_presses.received_at, excluded.received_at)`.execute(db);
}

/** The members who pressed Buy for an item, first press first (received_at, then the row's id). */
export async function pressLine(db: Db, showItemId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('buyPresses')
    .select('userId')
    .where('showItemId', '=', showItemId)
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.userId);
}
