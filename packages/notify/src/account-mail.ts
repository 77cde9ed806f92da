import { createHash, randomBytes } from 'node:crypto';
import type { Database, MailOutboxRow } from '@vault/db';
import type { Kysely } from 'kysely';
import type { MailLinks, Rendered } from './render';
import { passwordResetMail, verifyEmailMail } from './templates';

/** How long a verification link works, from when its email is sent. */
export const VERIFY_TTL_MS = 48 * 3600 * 1000;
/** How long a reset link works, from when its email is sent. */
export const RESET_TTL_MS = 3600 * 1000;

/** A single-use secret for an emailed link. Only its hash is stored, so a database leak reveals no live link. */
export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/*
 * The account emails' rows carry no link. Their token is minted here, when the email is rendered
 * for sending, and only its hash is written (to the account, as the API always did): no table ever
 * holds a live link, the outbox included, so reading the database takes over no account. A retry
 * mints a new token, which voids the one before; that one never reached anyone (the attempt
 * failed), except in the rare double send (outbox.ts), where the later email's link is the one that works.
 */

/** The verification email, to the account's address, unless the address is verified by now. */
export async function renderVerifyEmail(
  db: Kysely<Database>,
  row: MailOutboxRow,
  links: MailLinks,
  now: Date,
): Promise<Rendered> {
  const { token, hash } = createToken();
  const user = await db
    .updateTable('users')
    .set({ verificationToken: hash, verificationTokenExpiry: new Date(now.getTime() + VERIFY_TTL_MS), updatedAt: now })
    .where('id', '=', row.userId)
    .where('emailVerified', '=', false)
    .returning('email')
    .executeTakeFirst();
  if (!user) return { drop: 'the email is verified already' };
  return { message: verifyEmailMail(user.email, `${links.publicUrl}/api/auth/verify?token=${token}`) };
}

/** The reset email, unless it was asked for longer ago than a link would last (SMTP was down). */
export async function renderPasswordReset(
  db: Kysely<Database>,
  row: MailOutboxRow,
  links: MailLinks,
  now: Date,
): Promise<Rendered> {
  if (now.getTime() - row.createdAt.getTime() > RESET_TTL_MS) return { drop: 'asked for over an hour ago' };
  const { token, hash } = createToken();
  const user = await db
    .updateTable('users')
    .set({ resetToken: hash, resetTokenExpiry: new Date(now.getTime() + RESET_TTL_MS), updatedAt: now })
    .where('id', '=', row.userId)
    .returning('email')
    .executeTakeFirst();
  if (!user) return { drop: 'the account is gone' };
  return { message: passwordResetMail(user.email, `${links.publicUrl}/reset-password?token=${token}`) };
}
