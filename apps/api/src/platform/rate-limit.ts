import fastifyRateLimit from '@fastify/rate-limit';
import { authMessages } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AbuseLimits, minutesUntil, resolveAbuseLimits } from '../core/abuse-limits';
import { AppError } from '../core/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits in force (defaults, lowered by tests through config.limits). */
    limits: AbuseLimits;
  }
}

/**
 * @fastify/rate-limit for the per-IP limits a route declares, counted before the body is parsed:
 * `config: { rateLimit: { max, timeWindow } }`; nothing is limited globally. Limits whose key is
 * known only inside the handler (an account, a member, an email) use core/rate-limiter.ts.
 * A refusal is a 429 `{ message, code }` through our error handler, with Retry-After.
 */
export const rateLimits = fp(
  async (app: FastifyInstance) => {
    app.decorate('limits', resolveAbuseLimits(app.config.limits));
    await app.register(fastifyRateLimit, {
      global: false,
      // Scaled: one count in Redis for all replicas (a count per replica would multiply every
      // limit by the replica count). Embedded: one process, so memory is the whole truth.
      ...(app.redis ? { redis: app.redis } : {}),
      nameSpace: `${app.config.redisPrefix}:ratelimit:`,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'rate_limited', authMessages.tooManyAttempts(minutesUntil(context.ttl))),
    });
  },
  { name: 'rate-limits', dependencies: ['infrastructure'] },
);
