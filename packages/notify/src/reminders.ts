import type { ReminderKind } from '@vault/contracts';
import type { Database } from '@vault/db';
import { type Kysely, sql } from 'kysely';
import { idsOf, insertPushes, pushPayload } from './push/fan-out';

/** One wake-up of a show's reminders: which email, for which launch time, due when (epoch ms). */
export interface ReminderWakeup {
  showId: string;
  kind: ReminderKind;
  launchAt: number;
  at: number;
}

/**
 * The wake-ups a show needs now: none unless it is a live show scheduled with a launch time;
 * `soon` only while its time is still ahead (a show scheduled 5 minutes out gets no "15 minutes"
 * email), `launch` at the launch (at once if that has passed and the show is still waiting).
 */
export async function reminderWakeups(
  db: Kysely<Database>,
  showId: string,
  leadMs: number,
  now: number,
): Promise<ReminderWakeup[]> {
  const show = await db
    .selectFrom('shows')
    .select(['status', 'kind', 'launchTime'])
    .where('id', '=', showId)
    .executeTakeFirst();
  if (show?.kind !== 'live' || show.status !== 'scheduled' || !show.launchTime) return [];
  const launchAt = show.launchTime.getTime();
  const wakeups: ReminderWakeup[] = [];
  if (launchAt - leadMs > now) wakeups.push({ showId, kind: 'soon', launchAt, at: launchAt - leadMs });
  wakeups.push({ showId, kind: 'launch', launchAt, at: Math.max(now, launchAt) });
  return wakeups;
}

/** Scheduled live shows someone asked to be reminded of: what a starting clock re-arms. */
export async function showsWithReminders(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('shows')
    .select('id')
    .where('kind', '=', 'live')
    .where('status', '=', 'scheduled')
    .where('launchTime', 'is not', null)
    .where((eb) => eb.exists(eb.selectFrom('showReminders').select('showId').whereRef('showId', '=', 'shows.id')))
    .execute();
  return rows.map((row) => row.id);
}

/** What a reminder wake-up wrote: the emails' mail_outbox ids and the pushes' push_outbox ids, to deliver. */
export interface RemindersWritten {
  mail: string[];
  push: string[];
}

/**
 * A wake-up writes one email per subscriber and one push per browser of each subscriber who wants
 * show_starting pushes, in ONE statement that also checks the show: it writes nothing once
 * `launchAt` is no longer the show's launch time (rescheduled: the new time has wake-ups of its
 * own) or the show is past the point where the reminder makes sense. The dedupe keys make a
 * duplicate wake-up (a retry, a re-arm, the T wake-up after an early start) write nothing.
 */
export async function fanOutReminders(
  db: Kysely<Database>,
  wakeup: { showId: string; kind: ReminderKind; launchAt: number },
  now: number,
): Promise<RemindersWritten> {
  const { kind, launchAt } = wakeup;
  const due =
    kind === 'soon'
      ? sql`s.status = 'scheduled' and s.launch_time > ${new Date(now)}`
      : sql`s.status in ('scheduled', 'running', 'paused')`;
  return insertFor(db, wakeup, sql`floor(extract(epoch from s.launch_time) * 1000) = ${launchAt} and ${due}`, now);
}

/**
 * The show went live by an admin's hand: its launch reminders go now, written for the show's
 * launch time when it has one (so the launch-time wake-up that follows writes nothing twice; a
 * resumed show's were sent before), else for `at`.
 */
export async function fanOutLaunched(db: Kysely<Database>, showId: string, at: number): Promise<RemindersWritten> {
  const show = await db.selectFrom('shows').select(['launchTime']).where('id', '=', showId).executeTakeFirst();
  if (!show) return { mail: [], push: [] };
  const launchAt = show.launchTime?.getTime() ?? at;
  return insertFor(db, { showId, kind: 'launch', launchAt }, sql`s.status in ('running', 'paused')`, at);
}

async function insertFor(
  db: Kysely<Database>,
  wakeup: { showId: string; kind: ReminderKind; launchAt: number },
  condition: ReturnType<typeof sql>,
  now: number,
): Promise<RemindersWritten> {
  const { showId, kind, launchAt } = wakeup;
  // reminderDedupeKey(kind, showId, userId, launchAt), spelled in SQL (a test holds them equal).
  const mailKind = `reminder_${kind}`;
  const result = await sql<RemindersWritten>`
    with audience as (
      select r.user_id, s.title
      from show_reminders r join shows s on s.id = r.show_id
      where r.show_id = ${showId} and s.kind = 'live' and ${condition}
    ), mail as (
      insert into mail_outbox (kind, dedupe_key, user_id, payload)
      select ${mailKind}, ${mailKind}::text || ':' || ${showId}::text || ':' || a.user_id || ':' || ${String(launchAt)}::text,
        a.user_id, ${JSON.stringify({ showId, launchAt })}::jsonb
      from audience a
      on conflict (dedupe_key) do nothing
      returning id
    ), push as (${insertPushes(
      'show_starting',
      sql`select a.user_id, ${`${showId}:${kind}:${launchAt}`}::text as subject,
        ${pushPayload('show_starting', {
          showId: sql`${showId}::text`,
          showTitle: sql`a.title`,
          phase: sql`${kind}::text`,
        })} as payload
      from audience a`,
      new Date(now),
    )})
    select ${idsOf('mail')} as mail, ${idsOf('push')} as push`.execute(db);
  return result.rows[0] ?? { mail: [], push: [] };
}
