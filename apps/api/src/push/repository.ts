import type { PushKind } from '@vault/contracts';
import { sql } from 'kysely';
import type { Db } from '../core/db';

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: Date | null;
  userAgent: string | null;
}

/**
 * Saves a browser's subscription for this member. An endpoint is one browser profile: sent again
 * by its member it takes the new keys; sent by another member
 * (the same phone, signed in as someone else now) the old row is deleted first, and with it every
 * push still queued for the previous member, so none of theirs reaches the new one.
 */
export async function saveSubscription(db: Db, values: NewPushSubscription): Promise<void> {
  await db
    .deleteFrom('pushSubscriptions')
    .where('endpoint', '=', values.endpoint)
    .where('userId', '<>', values.userId)
    .execute();
  await db
    .insertInto('pushSubscriptions')
    .values(values)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        p256dh: values.p256dh,
        auth: values.auth,
        expirationTime: values.expirationTime,
        userAgent: values.userAgent,
      }),
    )
    .execute();
}

/**
 * Keeps a member's `max` subscriptions: the one of `current` (the browser subscribing now) and the
 * most recently active others (last delivered to, else subscribed); answers how many went.
 */
export async function trimSubscriptions(db: Db, userId: string, current: string, max: number): Promise<number> {
  const result = await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '<>', current)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('userId', '=', userId)
        .where('endpoint', '<>', current)
        .orderBy(sql`coalesce(last_success_at, created_at)`, 'desc')
        .orderBy('id', 'desc')
        .limit(max - 1),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the member's own subscription of this endpoint (another member's stays); answers whether one went. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The kinds a member chose, or null when they never chose (every kind is on then). */
export async function findPreferences(db: Db, userId: string): Promise<PushKind[] | null> {
  const row = await db.selectFrom('pushPreferences').select('kinds').where('userId', '=', userId).executeTakeFirst();
  return row ? row.kinds : null;
}

export async function savePreferences(db: Db, userId: string, kinds: readonly PushKind[]): Promise<void> {
  // An array literal rather than a bound array: the same text on pg and PGlite, and `array[]` when empty.
  const array = sql<PushKind[]>`array[${sql.join(kinds)}]::text[]`;
  await db
    .insertInto('pushPreferences')
    .values({ userId, kinds: array })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ kinds: array, updatedAt: sql`now()` }))
    .execute();
}

/** Everything push of a member: their browsers (and queued pushes with them) and their choices. */
export async function deleteAllPush(db: Db, userId: string): Promise<number> {
  await db.deleteFrom('pushPreferences').where('userId', '=', userId).execute();
  const result = await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
