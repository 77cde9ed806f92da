import { normalizeIP } from '@fastify/rate-limit';
import {
  authMessages,
  ForgotPasswordBody,
  fullNameOf,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  UserResponse,
} from '@vault/contracts';
import { isUniqueViolation } from '@vault/db';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { minutesUntil } from '../../lib/abuse-limits';
import { AppError } from '../../lib/app-error';
import { keyedLimit } from '../../lib/keyed-limit';
import { hashPassword, verifyPassword } from '../../lib/password';
import { refuseTooMany } from '../../lib/rate-limiter';
import { createToken, hashToken } from '../../lib/tokens';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { endRequestSession, endUserSessions } from '../../plugins/session';
import { findUserByEmail, toCurrentUser } from '../../services/users';

const VERIFY_TTL_MS = 48 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

// Compared against when the email is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy password that never matches');

const auth: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const { login, register, forgotPassword, resetPassword } = app.limits;
  // Per IP, by @fastify/rate-limit before the body is even parsed (plugins/rate-limit.ts).
  const perIp = (limit: { perIp: number; windowMs: number }) => ({
    rateLimit: { max: limit.perIp, timeWindow: limit.windowMs },
  });
  const resetMailsPerEmail = keyedLimit(app, 'forgot:email', forgotPassword.perEmail, forgotPassword.windowMs);

  app.post(
    '/register',
    { config: perIp(register), schema: { body: RegisterBody, response: { 201: UserResponse } } },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      const verification = createToken();
      let user: Awaited<ReturnType<typeof findUserByEmail>>;
      try {
        user = await app.db
          .insertInto('users')
          .values({
            email,
            password: await hashPassword(password),
            firstName,
            lastName,
            fullName: fullNameOf(firstName, lastName),
            verificationToken: verification.hash,
            verificationTokenExpiry: new Date(Date.now() + VERIFY_TTL_MS),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'email_taken', authMessages.emailTaken);
        throw error;
      }
      await app.mailer.send({
        to: email,
        subject: 'Verify your email for the Vault',
        text: `Welcome to the Vault, ${firstName}.\n\nVerify your email address:\n${publicUrl}/api/auth/verify?token=${verification.token}\n\nThe link works once, for 48 hours.`,
      });
      return reply.status(201).send({ user: toCurrentUser(user) });
    },
  );

  app.get(
    '/verify',
    { schema: { querystring: z.object({ token: z.string().default('') }) } },
    async (request, reply) => {
      const verified = request.query.token
        ? await app.db
            .updateTable('users')
            .set({ emailVerified: true, verificationToken: null, verificationTokenExpiry: null, updatedAt: new Date() })
            .where('verificationToken', '=', hashToken(request.query.token))
            .where('verificationTokenExpiry', '>', new Date())
            .returning('id')
            .executeTakeFirst()
        : undefined;
      return reply.redirect(`/login?notice=${verified ? 'verified' : 'verify-invalid'}`);
    },
  );

  app.post('/login', { schema: { body: LoginBody, response: { 200: UserResponse } } }, async (request, reply) => {
    const { email, password } = request.body;
    // Only failures count, on two keys: this IP on any account (a spray; generous, since members
    // share carrier-NAT addresses) and this account from this IP (guessing). Nothing counts per
    // account across IPs, so a stranger elsewhere can never lock the owner out. The hand-written
    // counter, not @fastify/rate-limit: see lib/rate-limiter.ts.
    const ip = normalizeIP(request.ip);
    const pairKey = `login-fail:account-ip:${email}:${ip}`;
    const ipKey = `login-fail:ip:${ip}`;
    const tooMany = (retryAfterMs: number) =>
      refuseTooMany(reply, retryAfterMs, authMessages.tooManyAttempts(minutesUntil(retryAfterMs)));
    // Counted up front, so a burst of parallel guesses cannot all pass before any has failed;
    // a success gives the counts back below.
    const pair = await app.rateLimiter.hit(pairKey, login.failuresPerAccountIp, login.windowMs);
    if (!pair.allowed) tooMany(pair.retryAfterMs);
    const fromIp = await app.rateLimiter.hit(ipKey, login.failuresPerIp, login.windowMs);
    if (!fromIp.allowed) {
      await app.rateLimiter.release(pairKey);
      tooMany(fromIp.retryAfterMs);
    }

    const user = await findUserByEmail(app.db, email);
    const ok = await verifyPassword(password, user?.password ?? (await decoyHash));
    if (!user?.password || !ok) throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
    await Promise.all([app.rateLimiter.reset(pairKey), app.rateLimiter.release(ipKey)]);
    // A fresh session id at login: a fixated pre-login id is worthless.
    await request.session.regenerate();
    request.session.set('userId', user.id);
    await request.session.save();
    return { user: toCurrentUser(user) };
  });

  // Ends the session everywhere (row, every replica's cache, its sockets) and expires the cookie.
  app.post('/logout', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await endRequestSession(request, reply);
    return { message: authMessages.loggedOut };
  });

  app.get(
    '/user',
    { preValidation: app.authenticate, schema: { response: { 200: UserResponse } } },
    async (request) => {
      if (!request.user) throw new AppError(401, 'not_signed_in', authMessages.notSignedIn);
      return { user: toCurrentUser(request.user) };
    },
  );

  app.post(
    '/forgot-password',
    { config: perIp(forgotPassword), schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      const { email } = request.body;
      if ((await resetMailsPerEmail(request, email)).exceeded) {
        // The usual answer, but no new token and no mail: the inbox is not flooded, the last link
        // sent stays valid (a new token would void it), and a 429 here would only tell a stranger
        // that someone is asking for this address.
        request.log.info('reset email not sent: per-address limit reached');
        return { message: authMessages.forgotPasswordSent };
      }
      const reset = createToken();
      const user = await app.db
        .updateTable('users')
        .set({ resetToken: reset.hash, resetTokenExpiry: new Date(Date.now() + RESET_TTL_MS), updatedAt: new Date() })
        .where('email', '=', email)
        .returning(['email', 'firstName'])
        .executeTakeFirst();
      if (user) {
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Vault password',
          text: `Hello ${user.firstName ?? ''},\n\nReset your password:\n${publicUrl}/reset-password?token=${reset.token}\n\nThe link works once, for 1 hour. If you did not ask for it, ignore this email.`,
        });
      }
      // The same answer whether or not the account exists: no account enumeration.
      return { message: authMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/reset-password',
    { config: perIp(resetPassword), schema: { body: ResetPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      const tokenHash = hashToken(request.body.token);
      // The token first: a made-up token must not cost a 128 MiB, ~300 ms scrypt hash.
      const holder = await app.db
        .selectFrom('users')
        .select('id')
        .where('resetToken', '=', tokenHash)
        .where('resetTokenExpiry', '>', new Date())
        .executeTakeFirst();
      if (!holder) throw new AppError(400, 'reset_invalid', authMessages.resetLinkInvalid);
      const password = await hashPassword(request.body.password);
      // Consumed by a conditional UPDATE on the token itself: of two resets racing with one link,
      // exactly one matches (the other finds the token gone and is refused).
      const user = await app.db
        .updateTable('users')
        .set({ password, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
        .where('id', '=', holder.id)
        .where('resetToken', '=', tokenHash)
        .where('resetTokenExpiry', '>', new Date())
        .returning('id')
        .executeTakeFirst();
      if (!user) throw new AppError(400, 'reset_invalid', authMessages.resetLinkInvalid);
      // Whoever held the old password is signed out everywhere.
      await endUserSessions(app, user.id);
      return { message: authMessages.passwordReset };
    },
  );
};

export default auth;
