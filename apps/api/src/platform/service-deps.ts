import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../core/deps';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service is given; routes pass it on and never reach past it. */
    deps: ServiceDeps;
  }
}

export const serviceDeps = fp(
  async (app: FastifyInstance) => {
    app.decorate('deps', {
      db: app.db,
      bus: app.bus,
      config: app.config,
      limits: app.limits,
      log: app.log,
      notify: app.notify,
      rateLimiter: app.rateLimiter,
      payments: app.payments.client,
      driver: app.shows.driver,
      sessionStore: app.sessionStore,
      now: Date.now,
    });
  },
  {
    name: 'service-deps',
    dependencies: ['infrastructure', 'rate-limits', 'sessions', 'payments', 'show-engine', 'notifications'],
  },
);
