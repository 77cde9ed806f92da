import { normalizeIP } from '@fastify/rate-limit';
import {
  authMessages,
  ErrorBody,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  UserResponse,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../platform/current-user';
import { endRequestSession } from '../platform/session/plugin';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { logIn, register, resetPassword, sendPasswordReset, verifyEmail } from './accounts';
import { toCurrentUser } from './users';

const auth: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { register: registerLimit, forgotPassword, resetPassword: resetLimit } = app.limits;
  // Per IP, by @fastify/rate-limit before the body is even parsed (platform/rate-limit.ts).
  const perIp = (limit: { perIp: number; windowMs: number }) => ({
    rateLimit: { max: limit.perIp, timeWindow: limit.windowMs },
  });

  app.post(
    '/register',
    { config: perIp(registerLimit), schema: { body: RegisterBody, response: { 201: UserResponse, 409: ErrorBody } } },
    async (request, reply) => reply.status(201).send({ user: await register(deps, request.body) }),
  );

  app.get(
    '/verify',
    { schema: { querystring: z.object({ token: z.string().default('') }) } },
    async (request, reply) => {
      const verified = await verifyEmail(deps, request.query.token);
      return reply.redirect(`/login?notice=${verified ? 'verified' : 'verify-invalid'}`);
    },
  );

  // 429: the failure limits per account and per IP (auth/accounts.ts).
  app.post(
    '/login',
    { schema: { body: LoginBody, response: { 200: UserResponse, 429: ErrorBody } } },
    async (request) => {
      const { email, password } = request.body;
      const user = await logIn(deps, { email, password, ip: normalizeIP(request.ip) });
      // A fresh session id at login: a fixated pre-login id is worthless.
      await request.session.regenerate();
      request.session.set('userId', user.id);
      await request.session.save();
      return { user };
    },
  );

  // Ends the session everywhere (row, every replica's cache, its sockets) and expires the cookie.
  app.post('/logout', { schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await endRequestSession(request, reply);
    return { message: authMessages.loggedOut };
  });

  app.get(
    '/user',
    { preValidation: app.authenticate, schema: { response: { 200: UserResponse } } },
    async (request) => ({ user: toCurrentUser(requireUser(request)) }),
  );

  app.post(
    '/forgot-password',
    { config: perIp(forgotPassword), schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      await sendPasswordReset(deps, request.body.email);
      // The same answer whether or not the account exists: no account enumeration.
      return { message: authMessages.forgotPasswordSent };
    },
  );

  app.post(
    '/reset-password',
    { config: perIp(resetLimit), schema: { body: ResetPasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return { message: authMessages.passwordReset };
    },
  );
};

export default auth;
