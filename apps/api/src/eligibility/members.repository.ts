import { sql } from 'kysely';
import type { Db } from '../core/db';

// What an admin looks up about a member's eligibility, and the one correction they make here: the
// date of birth, which the member cannot change after their first purchase.

const SEARCH_LIMIT = 20;

/** Members whose email contains the fragment, any case (no LIKE: "_" and "%" are plain characters). */
export function searchMembersByEmail(db: Db, fragment: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName'])
    .where(sql<boolean>`strpos(lower(email), lower(${fragment})) > 0`)
    .orderBy('email')
    .limit(SEARCH_LIMIT)
    .execute();
}

/** A member's destination and date of birth, and whether they ever bought anything. */
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
