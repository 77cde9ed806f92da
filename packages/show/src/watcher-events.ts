import type { Database } from '@vault/db';
import { type Kysely, sql } from 'kysely';

/**
 * Appends a `watchers` event to the live show (running or paused) at its current step, in one
 * statement: the step is read where it is written, so a sample never carries a step the show has
 * left. With `at` set, only while the show is still at that step (a sample taken for a transition
 * that has since been overtaken is dropped). The show it was written to, or undefined.
 * The row lock waits out a transition being written, so the sample is ordered after its events
 * (by id as by step): readers of the log see steps in order. The show report's "members watching
 * over time" reads these.
 */
export async function recordWatchers(
  db: Kysely<Database>,
  sample: { count: number; now: Date; at?: { showId: string; step: number } },
): Promise<string | undefined> {
  const payload = JSON.stringify({ count: sample.count });
  const at = sample.at;
  const result = await sql<{ showId: string }>`
    insert into show_events (show_id, step, type, payload, occurred_at)
    select s.id, s.step, 'watchers', ${payload}::jsonb, ${sample.now.toISOString()}::timestamptz
    from shows s
    where s.kind = 'live' and s.status in ('running', 'paused')
      ${at ? sql`and s.id = ${at.showId}::uuid and s.step = ${at.step}` : sql``}
    for update of s
    returning show_id`.execute(db);
  return result.rows[0]?.showId;
}
