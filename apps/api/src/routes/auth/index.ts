import {
  authMessages,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  UserResponse,
} from '@vault/contracts';
import { isUniqueViolation } from '@vault/db';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimitResult } from '../../lib/rate-limiter';
import { createToken, hashToken } from '../../lib/tokens';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { destroyUserSessions } from '../../plugins/session';
import { findUserByEmail, toCurrentUser } from '../../services/users';

const VERIFY_TTL_MS = 48 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const defaultLoginLimits = { perIp: 30, perEmail: 10, windowMs: LOGIN_WINDOW_MS };

// Compared against when the email is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy password that never matches');

const auth: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const loginLimits = app.config.loginLimits ?? defaultLoginLimits;

  function refuse(result: RateLimitResult, reply: FastifyReply): never {
    const minutes = Math.max(1, Math.ceil(result.retryAfterMs / 60_000));
    reply.header('retry-after', Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
    throw new AppError(429, 'rate_limited', authMessages.tooManyAttempts(minutes));
  }

  /** Counts an attempt against each key; refuses once any is over its limit. */
  async function countAttempt(keys: Array<[string, number]>, reply: FastifyReply) {
    for (const [key, max] of keys) {
      const result = await app.rateLimiter.hit(key, max, loginLimits.windowMs);
      if (!result.allowed) refuse(result, reply);
    }
  }

  app.post('/register', { schema: { body: RegisterBody, response: { 201: UserResponse } } }, async (request, reply) => {
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
          fullName: `${firstName} ${lastName}`,
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
  });

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
    // Every attempt counts against the IP; only failures count against the account, so a
    // member's own successful logins never lock them out.
    await countAttempt([[`login:ip:${request.ip}`, loginLimits.perIp]], reply);
    const emailKey = `login:email:${email}`;
    const standing = await app.rateLimiter.check(emailKey, loginLimits.perEmail);
    if (!standing.allowed) refuse(standing, reply);

    const user = await findUserByEmail(app.db, email);
    const ok = await verifyPassword(password, user?.password ?? (await decoyHash));
    if (!user?.password || !ok) {
      await app.rateLimiter.hit(emailKey, loginLimits.perEmail, loginLimits.windowMs);
      throw new AppError(401, 'invalid_credentials', authMessages.invalidCredentials);
    }
    // A fresh session id at login: a fixated pre-login id is worthless.
    await request.session.regenerate();
    request.session.set('userId', user.id);
    await request.session.save();
    return { user: toCurrentUser(user) };
  });

  app.post('/logout', { schema: { response: { 200: MessageResponse } } }, async (request) => {
    await request.session.destroy();
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
    { schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const { email } = request.body;
      await countAttempt(
        [
          [`forgot:ip:${request.ip}`, loginLimits.perIp],
          [`forgot:email:${email}`, loginLimits.perEmail],
        ],
        reply,
      );
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
    { schema: { body: ResetPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      const password = await hashPassword(request.body.password);
      const user = await app.db
        .updateTable('users')
        .set({ password, resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
        .where('resetToken', '=', hashToken(request.body.token))
        .where('resetTokenExpiry', '>', new Date())
        .returning('id')
        .executeTakeFirst();
      if (!user) throw new AppError(400, 'reset_invalid', authMessages.resetLinkInvalid);
      // Whoever held the old password is signed out everywhere.
      await destroyUserSessions(app.db, user.id);
      return { message: authMessages.passwordReset };
    },
  );
};

export default auth;
