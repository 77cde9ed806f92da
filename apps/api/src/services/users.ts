import type { CurrentUser } from '@vault/contracts';
import type { Database, User } from '@vault/db';
import type { Kysely } from 'kysely';

/** Rows never reach HTTP: this is the one place a user row becomes the current-user view. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    onboardingCompleted: user.onboardingCompleted,
    emailVerified: user.emailVerified,
  };
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}
