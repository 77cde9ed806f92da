import type { NewUser, User, UserUpdate } from '@vault/db';
import { sql } from 'kysely';
import type { Db } from '../core/db';

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The account an external sign-in is linked to, by the provider's subject. */
export function findUserBySubject(db: Db, column: 'googleId' | 'oidcSubject', subject: string) {
  return db.selectFrom('users').selectAll().where(column, '=', subject).executeTakeFirst();
}

export async function findUserRole(db: Db, id: string): Promise<User['role'] | undefined> {
  const row = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
  return row?.role;
}

/** What admin bootstrap needs to decide: does the account exist, is it admin, which password. */
export function findCredentials(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'role', 'password']).where('email', '=', email).executeTakeFirst();
}

/** Throws a unique violation when the email is taken. */
export function insertUser(db: Db, values: NewUser): Promise<User> {
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts unless the email exists (two replicas starting together race here). */
export async function insertUserIfNew(db: Db, values: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
}

export function updateUser(db: Db, id: string, changes: UserUpdate): Promise<User> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Locks the member's row until the transaction ends: serialises their concurrent card additions. */
export async function lockUser(db: Db, id: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Consumes a live verification token; undefined when none matched. */
export function verifyEmailByToken(db: Db, tokenHash: string) {
  return db
    .updateTable('users')
    .set({ emailVerified: true, verificationToken: null, verificationTokenExpiry: null, updatedAt: new Date() })
    .where('verificationToken', '=', tokenHash)
    .where('verificationTokenExpiry', '>', new Date())
    .returning('id')
    .executeTakeFirst();
}

export function findResetTokenHolder(db: Db, tokenHash: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('resetToken', '=', tokenHash)
    .where('resetTokenExpiry', '>', new Date())
    .executeTakeFirst();
}

/**
 * Sets the new password only if the token is still there: of two resets racing with one link,
 * exactly one matches (the other finds the token gone).
 */
export function consumeResetToken(db: Db, id: string, tokenHash: string, password: string) {
  return db
    .updateTable('users')
    .set({ password, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
    .where('id', '=', id)
    .where('resetToken', '=', tokenHash)
    .where('resetTokenExpiry', '>', new Date())
    .returning('id')
    .executeTakeFirst();
}

/** The member's row, locked until the transaction ends (a reclaim decides on what it reads here). */
export function findUserForUpdate(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Forgets the gateway customer profile once it is deleted there, unless the account moved on to another. */
export async function clearCustomerProfile(db: Db, id: string, customerProfileId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ authNetCustomerProfileId: null, updatedAt: new Date() })
    .where('id', '=', id)
    .where('authNetCustomerProfileId', '=', customerProfileId)
    .execute();
}
