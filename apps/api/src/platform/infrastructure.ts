import type { EventBus } from '@vault/bus';
import type { DatabaseHandle } from '@vault/db';
import { createMailer, type Mailer } from '@vault/notify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig, AppDeps } from '../core/config';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../core/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
    redis: Redis | null;
    bus: EventBus;
    config: AppConfig;
    mailer: Mailer;
    rateLimiter: RateLimiter;
  }
}

export const infrastructure = fp(
  async (app: FastifyInstance, deps: AppDeps) => {
    app.decorate('database', deps.database);
    app.decorate('db', deps.database.db);
    app.decorate('redis', deps.redis);
    app.decorate('bus', deps.bus);
    app.decorate('config', deps.config);
    app.decorate(
      'mailer',
      deps.mailer ??
        createMailer({
          smtpUrl: deps.config.smtpUrl,
          from: deps.config.mailFrom,
          log: app.log,
          redactLinks: deps.config.redactMailLinks,
        }),
    );
    app.decorate(
      'rateLimiter',
      deps.rateLimiter ??
        (deps.redis ? createRedisRateLimiter(deps.redis, deps.config.redisPrefix) : createMemoryRateLimiter()),
    );
  },
  { name: 'infrastructure' },
);
