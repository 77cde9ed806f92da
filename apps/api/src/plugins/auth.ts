import { authMessages } from '@vault/contracts';
import type { User } from '@vault/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findUserById } from '../repositories/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate for the rest of the request. */
    user: User | null;
  }
  interface FastifyInstance {
    /** preValidation hook: 401 unless a signed-in user is found. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preValidation hook: 401 unless the request carries a signed-in session; loads no user row. */
    requireSession(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
    /** preValidation hook: 401 for anonymous visitors, 403 for customers. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The signed-in user of this request, or null. Loaded once per request. */
async function loadUser(app: FastifyInstance, request: FastifyRequest): Promise<User | null> {
  if (request.user) return request.user;
  const userId = request.session.get('userId');
  if (!userId) return null;
  const user = await findUserById(app.db, userId);
  request.user = user ?? null;
  return request.user;
}

export const auth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await loadUser(app, request))) {
        return reply.status(401).send({ message: authMessages.notSignedIn });
      }
    });

    // Callback style: it runs on every poll and every Buy, and needs no promise.
    app.decorate('requireSession', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.session.get('userId')) return done();
      reply.status(401).send({ message: authMessages.notSignedIn });
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await loadUser(app, request);
      if (!user) return reply.status(401).send({ message: authMessages.notSignedIn });
      if (user.role !== 'admin') return reply.status(403).send({ message: authMessages.adminOnly });
    });
  },
  { name: 'auth', dependencies: ['sessions'] },
);
