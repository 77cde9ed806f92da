import { sql } from 'kysely';
import type { Db } from '../core/db';

// The account emails' outbox rows (migration 0008). They name the account and what to send, never
// a link: the deliverer mints the link's token when it sends (@vault/notify account-mail.ts).

/** A new account's verification email; one per account (its dedupe key). Returns the row's id. */
export async function queueVerificationEmail(db: Db, userId: string): Promise<string> {
  const row = await db
    .insertInto('mailOutbox')
    .values({ kind: 'verify_email', dedupeKey: `verify_email:${userId}`, userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A reset email for the account with this email, if there is one: ONE statement either way, so an
 * unknown address costs what a known one does. Returns the row's id, or undefined (no account).
 */
export async function queuePasswordReset(db: Db, email: string): Promise<string | undefined> {
  const result = await sql<{ id: string }>`
    insert into mail_outbox (kind, dedupe_key, user_id)
    select 'password_reset', 'password_reset:' || id || ':' || gen_random_uuid(), id from users where email = ${email}
    returning id`.execute(db);
  return result.rows[0]?.id;
}
