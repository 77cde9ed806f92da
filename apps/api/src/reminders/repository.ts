import { sql } from 'kysely';
import type { Db } from '../core/db';

/** Whether a member asked to be reminded of a show. */
export async function hasReminder(db: Db, showId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('showReminders')
    .select('showId')
    .where('showId', '=', showId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Subscribes; a second subscription keeps the first (and its emailed token). */
export async function insertReminder(
  db: Db,
  values: { showId: string; userId: string; unsubscribeToken: string },
): Promise<void> {
  await db
    .insertInto('showReminders')
    .values(values)
    .onConflict((oc) => oc.columns(['showId', 'userId']).doNothing())
    .execute();
}

export async function deleteReminder(db: Db, showId: string, userId: string): Promise<void> {
  await db.deleteFrom('showReminders').where('showId', '=', showId).where('userId', '=', userId).execute();
}

/** The emailed link's unsubscribe: deletes the subscription, answering its show's title (null: none had it). */
export async function deleteReminderByToken(db: Db, token: string): Promise<{ showTitle: string } | undefined> {
  const result = await sql<{ showTitle: string }>`
    with gone as (delete from show_reminders where unsubscribe_token = ${token} returning show_id)
    select s.title as show_title from gone join shows s on s.id = gone.show_id`.execute(db);
  return result.rows[0];
}

/** How many items a show's lineup has, for its calendar entry's length. */
export async function countShowItems(db: Db, showId: string): Promise<number> {
  const row = await db
    .selectFrom('showItems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('showId', '=', showId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes every reminder of a member, and with them their unsubscribe tokens; answers how many went. */
export async function deleteAllReminders(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('showReminders').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
