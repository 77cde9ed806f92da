import { authMessages, type CurrentUser, fullNameOf, type RegisterBody } from '@vault/contracts';
import { isUniqueViolation } from '@vault/db';
import type { z } from 'zod';
import { minutesUntil } from '../core/abuse-limits';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { refuseTooMany } from '../core/rate-limiter';
import { hashToken } from '../core/tokens';
import { queuePasswordReset, queueVerificationEmail } from './account-mail.repository';
import { hashPassword, verifyPassword } from './password';
import { endUserSessions } from './sessions';
import { toCurrentUser } from './users';
import {
  consumeResetToken,
  findResetTokenHolder,
  findUserByEmail,
  insertUser,
  verifyEmailByToken,
} from './users.repository';

// Compared against when the email is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy password that never matches');

/**
 * A new account, unverified. Its verification email is an outbox row written with it, sent after
 * the answer (by this process embedded, by the worker scaled), so a slow mail server slows no one.
 */
export async function register(deps: ServiceDeps, body: z.output<typeof RegisterBody>): Promise<CurrentUser> {
  const { firstName, lastName, email, password } = body;
  const passwordHash = await hashPassword(password);
  let created: { user: Awaited<ReturnType<typeof insertUser>>; mailId: string };
  try {
    created = await withTransaction(deps.db, async (trx) => {
      const user = await insertUser(trx, {
        email,
        password: passwordHash,
        firstName,
        lastName,
        fullName: fullNameOf(firstName, lastName),
      });
      return { user, mailId: await queueVerificationEmail(trx, user.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'email_taken', authMessages.emailTaken);
    throw error;
  }
  deps.notify.kick([created.mailId]);
  return toCurrentUser(created.user);
}

/** True when the link was live (it works once). */
export async function verifyEmail(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<boolean> {
  return token ? (await verifyEmailByToken(deps.db, hashToken(token))) !== undefined : false;
}

/**
 * Checks the password, counting failures on two keys: this IP on any account (a spray; generous,
 * since members share carrier-NAT addresses) and this account from this IP (guessing). No failure
 * counts per account across IPs, so a stranger elsewhere can never lock the owner out. Successes
 * do count per account across IPs (each is a scrypt hash and a session row): only the password's
 * holder can spend them. The hand-written counter, not @fastify/rate-limit: see core/rate-limiter.ts.
 */
export async function logIn(
  deps: ServiceDeps,
  attempt: { email: string; password: string; ip: string },
): Promise<CurrentUser> {
  const { email, password, ip } = attempt;
  const { rateLimiter } = deps;
  const { login } = deps.limits;
  const pairKey = `login-fail:account-ip:${email}:${ip}`;
  const ipKey = `login-fail:ip:${ip}`;
  const successKey = `login-ok:account:${email}`;
  const tooMany = (retryAfterMs: number) =>
    refuseTooMany(retryAfterMs, authMessages.tooManyAttempts(minutesUntil(retryAfterMs)));
  // Before the hash: an account that used up its logins costs no scrypt. Only looked at, not
  // counted, so a wrong password never uses one up. (It answers 429 for a known, busy account
  // where an unknown one gets 401; that tells only someone who already knows the address.)
  const successes = await rateLimiter.check(successKey, login.successesPerAccount);
  if (!successes.allowed) tooMany(successes.retryAfterMs);
  // Counted up front, so a burst of parallel guesses cannot all pass before any has failed;
  // a success gives the counts back below.
  const pair = await rateLimiter.hit(pairKey, login.failuresPerAccountIp, login.windowMs);
  if (!pair.allowed) tooMany(pair.retryAfterMs);
  const fromIp = await rateLimiter.hit(ipKey, login.failuresPerIp, login.windowMs);
  if (!fromIp.allowed) {
    await rateLimiter.release(pairKey);
    tooMany(fromIp.retryAfterMs);
  }

  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let ok: boolean;
  try {
    user = await findUserByEmail(deps.db, email);
    ok = await verifyPassword(password, user?.password ?? (await decoyHash));
  } catch (error) {
    // No verdict on the password (the database was down, say): nothing was guessed, so the
    // attempt gives its counts back. Kept, ten answers of 503 during an outage would lock the
    // owner out for the whole window with the right password. Releasing is best effort: the
    // caller gets the original error either way.
    await Promise.allSettled([rateLimiter.release(pairKey), rateLimiter.release(ipKey)]);
    throw error;
  }
  if (!user?.password || !ok) throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
  await Promise.all([rateLimiter.reset(pairKey), rateLimiter.release(ipKey)]);
  // Counted once the password proved right; a burst that passed the check together is cut here,
  // before any of it gets a session.
  const counted = await rateLimiter.hit(successKey, login.successesPerAccount, login.windowMs);
  if (!counted.allowed) tooMany(counted.retryAfterMs);
  return toCurrentUser(user);
}

/**
 * Mails a reset link if an account has this email; the caller answers the same either way, and in
 * the same time: the email is an outbox row sent after the answer, written by one statement that
 * costs the same whether or not the account exists. At most a few mails per address per window:
 * past that, no row and no mail — the inbox is not flooded, the last link sent stays valid (a new
 * token would void it), and a 429 would only tell a stranger that someone is asking for this address.
 */
export async function sendPasswordReset(deps: ServiceDeps, email: string): Promise<void> {
  const { forgotPassword } = deps.limits;
  const perEmail = await deps.rateLimiter.hit(
    `forgot:email:${email}`,
    forgotPassword.perEmail,
    forgotPassword.windowMs,
  );
  if (!perEmail.allowed) {
    deps.log.info('reset email not sent: per-address limit reached');
    return;
  }
  const mailId = await queuePasswordReset(deps.db, email);
  if (mailId) deps.notify.kick([mailId]);
}

/** A new password from a reset link; whoever held the old one is signed out everywhere. */
export async function resetPassword(deps: ServiceDeps, token: string, newPassword: string): Promise<void> {
  const tokenHash = hashToken(token);
  // The token first: a made-up token must not cost a 128 MiB, ~300 ms scrypt hash.
  const holder = await findResetTokenHolder(deps.db, tokenHash);
  if (!holder) throw new AppError(400, 'reset_link_invalid', authMessages.resetLinkInvalid);
  const password = await hashPassword(newPassword);
  const user = await consumeResetToken(deps.db, holder.id, tokenHash, password);
  if (!user) throw new AppError(400, 'reset_link_invalid', authMessages.resetLinkInvalid);
  await endUserSessions(deps, user.id);
}
