import type { Database } from '@vault/db';
import { type Kysely, type Selectable, sql } from 'kysely';

/**
 * The two outboxes (mail_outbox, push_outbox) share their delivery columns: status, attempts,
 * next_attempt_at, locked_until, last_error, sent_at. One set of functions claims and records
 * rows of either; each outbox brings its own lease and backoff (an email may wait hours, a push
 * goes stale in minutes).
 */
export type OutboxTable = 'mailOutbox' | 'pushOutbox';
/** A row of either outbox; `id` and `attempts` spelled out because a type parameter hides them from TypeScript. */
export type OutboxRow<T extends OutboxTable> = Selectable<Database[T]> & { id: string; attempts: number };

export interface OutboxPolicy {
  /** How long a deliverer owns a row it claimed: longer than its worst attempt, so a live one never loses it. */
  leaseMs: number;
  /** After this many failed attempts a row is given up as failed. */
  maxAttempts: number;
  /** The wait before the next try after `attempts` failed ones. */
  backoffMs(attempts: number): number;
}

/**
 * How long an email deliverer owns a row it claimed. Longer than the worst SMTP exchange (mailer.ts
 * timeouts), so a live deliverer never loses its row; a dead one's row is taken over after it.
 */
export const LEASE_MS = 2 * 60_000;

/** After this many failed attempts (about 14 hours of backoff) an email is given up as failed. */
export const MAX_ATTEMPTS = 20;

const BACKOFF_MS = [5_000, 15_000, 60_000, 5 * 60_000, 15 * 60_000];
const MAX_BACKOFF_MS = 60 * 60_000;

/** The wait before an email's next try after `attempts` failed ones: 5 s, 15 s, 1 min, 5 min, 15 min, then hourly. */
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

/** Pending and due, or being sent by a deliverer whose lease ran out (it died). Same columns in both tables. */
export const isDue = (now: Date) =>
  sql<boolean>`((status = 'pending' and next_attempt_at < ${dueBy(now)}) or (status = 'sending' and locked_until < ${now}))`;

/** The functions of one outbox table under its policy. */
export function outboxOf<T extends OutboxTable>(table: T, policy: OutboxPolicy) {
  type Row = OutboxRow<T>;
  // Kysely cannot check a query against a table chosen by a type parameter; both tables have
  // every column used here (schema.ts), so the queries are written against the one and typed by T.
  const rows = (db: Kysely<Database>) => db as unknown as Kysely<Pick<Database, 'mailOutbox'>>;
  const name = table as 'mailOutbox';

  /**
   * The outcome of an attempt, recorded only while this attempt still holds the row (same attempt
   * count, still sending): a deliverer that outlived its lease must not overwrite its successor's.
   */
  const ownAttempt = (db: Kysely<Database>, row: Row) =>
    rows(db)
      .updateTable(name)
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts);

  const markFailed = async (db: Kysely<Database>, row: Row, lastError: string) => {
    await ownAttempt(db, row)
      .set({ status: 'failed', lockedUntil: null, lastError: lastError.slice(0, 2000) })
      .execute();
  };

  return {
    /**
     * Claims a row for one delivery attempt, in ONE conditional UPDATE: it matches only a row that
     * is due (isDue). Two deliverers racing for a row: exactly one UPDATE matches, the other gets
     * undefined and sends nothing.
     */
    async claim(db: Kysely<Database>, id: string, now: Date): Promise<Row | undefined> {
      const claimed = await rows(db)
        .updateTable(name)
        .set((eb) => ({
          status: 'sending',
          lockedUntil: new Date(now.getTime() + policy.leaseMs),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where(isDue(now))
        .returningAll()
        .executeTakeFirst();
      return claimed as Row | undefined;
    },

    async markSent(db: Kysely<Database>, row: Row, now: Date): Promise<void> {
      await ownAttempt(db, row).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).execute();
    },

    /**
     * A failed attempt: pending again at `retryAt` (by default after the policy's backoff), or
     * failed for good after the policy's last attempt.
     */
    async markAttemptFailed(
      db: Kysely<Database>,
      row: Row,
      error: string,
      now: Date,
      retryAt = new Date(now.getTime() + policy.backoffMs(row.attempts)),
    ): Promise<{ status: 'pending'; retryAt: Date } | { status: 'failed' }> {
      if (row.attempts >= policy.maxAttempts) {
        await markFailed(db, row, error);
        return { status: 'failed' };
      }
      await ownAttempt(db, row)
        .set({ status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error.slice(0, 2000) })
        .execute();
      return { status: 'pending', retryAt };
    },

    /** Given up for good (a refusal no retry changes), with the reason. */
    markFailed,

    /** A row with nothing (left) to send: its subject is gone or moot. Kept as failed with the reason. */
    async markDropped(db: Kysely<Database>, row: Row, reason: string): Promise<void> {
      await markFailed(db, row, `not sent: ${reason}`);
    },
  };
}

export const mailOutbox = outboxOf('mailOutbox', { leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS, backoffMs });

/** Emails due for an attempt, the longest waiting first. */
export async function listDueIds(db: Kysely<Database>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select('id')
    .where(isDue(now))
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Runs `deliver` over groups of ids, `parallel` groups at a time; the ids of one group one after
 * the other, in their order (a subscription's pushes arrive in the order of their events).
 */
export async function deliverInLanes<O>(
  groups: string[][],
  parallel: number,
  deliver: (id: string) => Promise<O>,
): Promise<Array<{ id: string; outcome: O }>> {
  const results: Array<{ id: string; outcome: O }> = [];
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      for (const id of groups[next++] ?? []) results.push({ id, outcome: await deliver(id) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, groups.length) }, lane));
  return results;
}
