import type { Database, MailOutboxRow } from '@vault/db';
import type { Kysely } from 'kysely';

/**
 * How long a deliverer owns a row it claimed. Longer than the worst SMTP exchange (mailer.ts
 * timeouts), so a live deliverer never loses its row; a dead one's row is taken over after it.
 */
export const LEASE_MS = 2 * 60_000;

/** After this many failed attempts (about 14 hours of backoff) a row is given up as failed. */
export const MAX_ATTEMPTS = 20;

const BACKOFF_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait before the next try after `attempts` failed ones: 5 s, 15 s, 1 min, 5 min, 15 min, then hourly. */
export function backoffMs(attempts: number): number {
  return BACKOFF_MS[attempts - 1] ?? MAX_BACKOFF_MS;
}

/**
 * `now` as the end of its millisecond. A Date stops at milliseconds while Postgres keeps
 * microseconds: a row written (next_attempt_at default now()) in the same millisecond as this
 * read would otherwise look up to 999 µs in the future, and a receipt kicked right after its
 * commit would wait for the next sweep instead of going at once.
 */
const dueBy = (now: Date) => new Date(now.getTime() + 1);

/**
 * Claims a row for one delivery attempt, in ONE conditional UPDATE: it matches only a row that is
 * pending and due, or being sent by a deliverer whose lease ran out (it died). Two deliverers
 * racing for a row: exactly one UPDATE matches, the other gets undefined and sends nothing.
 */
export async function claimRow(db: Kysely<Database>, id: string, now: Date): Promise<MailOutboxRow | undefined> {
  return db
    .updateTable('mailOutbox')
    .set((eb) => ({
      status: 'sending',
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<', dueBy(now))]),
        eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * The outcome of an attempt, recorded only while this attempt still holds the row (same attempt
 * count, still sending): a deliverer that outlived its lease must not overwrite its successor's.
 */
function ownAttempt(db: Kysely<Database>, row: MailOutboxRow) {
  return db
    .updateTable('mailOutbox')
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts);
}

export async function markSent(db: Kysely<Database>, row: MailOutboxRow, now: Date): Promise<void> {
  await ownAttempt(db, row).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).execute();
}

/** A failed attempt: pending again after the backoff, or failed for good after MAX_ATTEMPTS. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  row: MailOutboxRow,
  error: string,
  now: Date,
): Promise<{ status: 'pending'; retryAt: Date } | { status: 'failed' }> {
  const lastError = error.slice(0, 2000);
  if (row.attempts >= MAX_ATTEMPTS) {
    await ownAttempt(db, row).set({ status: 'failed', lockedUntil: null, lastError }).execute();
    return { status: 'failed' };
  }
  const retryAt = new Date(now.getTime() + backoffMs(row.attempts));
  await ownAttempt(db, row).set({ status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError }).execute();
  return { status: 'pending', retryAt };
}

/** A row with nothing (left) to send: its subject is gone or moot. Kept as failed with the reason. */
export async function markDropped(db: Kysely<Database>, row: MailOutboxRow, reason: string): Promise<void> {
  await ownAttempt(db, row)
    .set({ status: 'failed', lockedUntil: null, lastError: `not sent: ${reason}` })
    .execute();
}

/** Rows due for an attempt: pending and due, or sending with an expired lease. Oldest first. */
export async function listDueIds(db: Kysely<Database>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<', dueBy(now))]),
        eb.and([eb('status', '=', 'sending'), eb('lockedUntil', '<', now)]),
      ]),
    )
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
