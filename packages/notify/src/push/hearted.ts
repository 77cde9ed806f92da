import type { Database } from '@vault/db';
import { type AppliedTransition, lineupKey, type ShowCommand } from '@vault/show';
import { type Kysely, sql } from 'kysely';
import { idsOf, insertPushes, pushPayload } from './fan-out';

/**
 * Writes the hearted_next pushes a show's current moment calls for, in ONE statement, from the
 * show row as it is now: when the show starts (its preroll, or its first item on screen when it
 * has no preroll) the hearters of the first item hear it is on `now`; while an item is on screen,
 * the hearters of the item after it in the lineup hear it is `next`. Nothing for an item that is
 * no longer waiting for its turn (sold in an earlier run, or already shown).
 *
 * The subject is the item and the run of the show: the step of the run's latest `started` event
 * (show_events; a reset and a new start write a new one, a pause and resume do not). So a retried
 * or duplicated wake-up, a second replica, or a later transition of the same run (a sale, a
 * resume) writes nothing twice, while the same knife in a repeat of the show is announced again.
 * Returns the ids written, to deliver.
 */
export async function fanOutHeartedNext(db: Kysely<Database>, showId: string, at: Date): Promise<string[]> {
  const result = await sql<{ pushIds: string[] }>`
    with now_showing as (
      select s.id, s.phase, s.current_index,
        -- Always present once the machine has started a show; 0 only for rows made by hand.
        coalesce((select e.step from show_events e where e.show_id = s.id and e.type = 'started'
          order by e.id desc limit 1), 0) as run
      from shows s
      where s.id = ${showId} and s.kind = 'live' and s.status = 'running'
    ), lineup as (
      select i.id, i.title, i.status, (row_number() over (order by ${lineupKey('i')}) - 1)::int as n
      from show_items i where i.show_id = ${showId}
    ), due as (
      select l.id, l.title, 'now'::text as position, w.run
      from now_showing w join lineup l on l.n = 0
      where (w.phase = 'preroll' or (w.phase = 'showing' and w.current_index = 0))
        and l.status in ('queued', 'showing')
      union all
      select l.id, l.title, 'next'::text, w.run
      from now_showing w join lineup l on l.n = w.current_index + 1
      where w.phase = 'showing' and l.status = 'queued'
    ), pushes as (${insertPushes(
      'hearted_next',
      sql`select h.user_id, d.id::text || ':' || d.run::text as subject,
        ${pushPayload('hearted_next', {
          showId: sql`${showId}::text`,
          showItemId: sql`d.id`,
          itemTitle: sql`d.title`,
          position: sql`d.position`,
        })} as payload
      from due d join item_hearts h on h.show_item_id = d.id`,
      at,
    )})
    select ${idsOf('pushes')} as push_ids`.execute(db);
  return result.rows[0]?.pushIds ?? [];
}

/**
 * The show driver's afterTransition for both clocks (and the API's commands): the hearted-item
 * pushes of the moment the show just reached, handed to `kickPush` after they are written. Only a
 * running show with an item coming up can call for any, so the rest cost no query; nor does a
 * sale, which leaves the same item on screen (and runs on the winner's Buy, before its answer).
 */
export function heartedNextHook(deps: {
  db: Kysely<Database>;
  kickPush(pushOutboxIds: string[]): void;
  now?: () => number;
}): (showId: string, result: AppliedTransition, cause: ShowCommand['type']) => Promise<void> {
  const now = deps.now ?? Date.now;
  return async (showId, result, cause) => {
    const { status, phase } = result.state;
    // An intermission's next item was announced when the item before it came on screen.
    if (cause === 'sold' || status !== 'running' || phase === 'intermission') return;
    deps.kickPush(await fanOutHeartedNext(deps.db, showId, new Date(now())));
  };
}
