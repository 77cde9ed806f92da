import { authMessages } from '@vault/contracts';
import type { User } from '@vault/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import type { Db } from '../core/db';
import { SIGNED_OUT } from './current-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate for the rest of the request. */
    user: User | null;
  }
  interface FastifyInstance {
    /** preValidation hook: 401 unless a signed-in user is found. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preValidation hook: 401 unless the request carries a signed-in session; loads no user row. */
    requireSession(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void;
    /** preValidation hook: 401 for anonymous visitors, 403 for customers. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export interface AuthOptions {
  /** The signed-in member's account, read once per request (the accounts domain owns the table). */
  findUser(db: Db, userId: string): Promise<User | undefined>;
}

/** The signed-in user of this request, or null. Loaded once per request. */
async function loadUser(app: FastifyInstance, options: AuthOptions, request: FastifyRequest): Promise<User | null> {
  if (request.user) return request.user;
  const userId = request.session.get('userId');
  if (!userId) return null;
  const user = await options.findUser(app.db, userId);
  request.user = user ?? null;
  return request.user;
}

const ADMIN_ONLY = new AppError(403, 'admin_only', authMessages.adminOnly);

export const auth = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    app.decorateRequest('user', null);

    // The refusals are thrown, not sent: the one error handler gives them their `{ message, code }`.
    app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!(await loadUser(app, options, request))) throw SIGNED_OUT;
    });

    // Callback style: it runs on every poll and every Buy, and needs no promise.
    app.decorate('requireSession', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      done(request.session.get('userId') ? undefined : SIGNED_OUT);
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, _reply: FastifyReply) => {
      const user = await loadUser(app, options, request);
      if (!user) throw SIGNED_OUT;
      if (user.role !== 'admin') throw ADMIN_ONLY;
    });
  },
  { name: 'auth', dependencies: ['sessions'] },
);
