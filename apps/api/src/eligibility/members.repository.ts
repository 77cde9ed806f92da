import { sql } from 'kysely';
import type { Db } from '../core/db';

// What an admin looks up about a member's eligibility, and the one correction they make here: the
// date of birth, which the member cannot change after their first purchase.

const SEARCH_LIMIT = 20;

/**
 * Members whose email contains the fragment, any case (no LIKE: "_" and "%" are plain characters),
 * each with whether their buying is suspended (the list marks them).
 */
export function searchMembersByEmail(db: Db, fragment: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', sql<boolean>`buying_suspended_at is not null`.as('buyingSuspended')])
    .where(sql<boolean>`strpos(lower(email), lower(${fragment})) > 0`)
    .orderBy('email')
    .limit(SEARCH_LIMIT)
    .execute();
}

/** A member's destination and date of birth, whether they ever bought anything, and any buying suspension. */
export function findMemberFacts(db: Db, id: string) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.fullName',
      'u.dateOfBirth',
      'u.state',
      'u.city',
      'u.zip',
      'u.buyingSuspendedAt',
      'u.buyingSuspendedReason',
      eb.exists(eb.selectFrom('purchases as p').select('p.id').whereRef('p.userId', '=', 'u.id')).as('hasPurchased'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export async function dateOfBirthOf(db: Db, id: string): Promise<{ dateOfBirth: string | null } | undefined> {
  return db.selectFrom('users').select('dateOfBirth').where('id', '=', id).executeTakeFirst();
}

/** Sets a member's date of birth whatever they bought; false for an unknown member. */
export async function setDateOfBirth(db: Db, id: string, dateOfBirth: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ dateOfBirth, updatedAt: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's buying suspension: when and why, or nulls when their buying is not suspended. */
export async function buyingSuspensionOf(
  db: Db,
  id: string,
): Promise<{ buyingSuspendedAt: Date | null; buyingSuspendedReason: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['buyingSuspendedAt', 'buyingSuspendedReason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Suspends a member's buying with the admin's reason. A member already suspended keeps the time it
 * began (the reason is replaced): the time says how long they have been refused. False: no such member.
 */
export async function setBuyingSuspension(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      buyingSuspendedAt: eb.fn.coalesce('buyingSuspendedAt', eb.val(now)),
      buyingSuspendedReason: reason,
      updatedAt: now,
    }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Lifts a member's buying suspension (nothing to lift is no error); false: no such member. */
export async function clearBuyingSuspension(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ buyingSuspendedAt: null, buyingSuspendedReason: null, updatedAt: now })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every member whose buying is suspended now: what each replica holds in memory from its start. */
export async function suspendedMemberIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('buyingSuspendedAt', 'is not', null).execute();
  return rows.map((row) => row.id);
}
