import type { EventBus } from '@vault/bus';
import type { DatabaseHandle } from '@vault/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AbuseLimitOverrides } from '../lib/abuse-limits';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../lib/rate-limiter';
import { createMailer, type Mailer } from '../services/mailer';

export interface OAuthProviderConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface PaymentsConfig {
  /** simulator: the local stand-in under /sandbox/authnet; authorize.net: the real gateway. */
  mode: 'simulator' | 'authorize.net';
  env: 'sandbox' | 'production';
  apiLoginId: string;
  transactionKey: string;
  clientKey: string;
  timeoutMs: number;
}

export interface AppConfig {
  mode: 'embedded' | 'scaled';
  /** The app's own origin, e.g. http://localhost:3000. */
  publicUrl: string;
  serveWeb: boolean;
  webDist: string;
  /** Signs session cookies; the same on every replica. */
  sessionSecret: string;
  /** Namespace of our Redis keys (rate limits, queues, channels). */
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Without SMTP, log emails' links without their tokens (production: env's mailLinksRedacted). */
  redactMailLinks?: boolean;
  /** REMINDER_LEAD_SECONDS: how long before a launch the 'soon' reminder goes (default 15 min). */
  reminderLeadSeconds?: number;
  /** How often the embedded notifier looks for due emails (tests shorten it); default 30 s. */
  notifySweepMs?: number;
  /** How often a live show's watcher count is sampled into show_events (tests shorten it); default 10 s. */
  watcherSampleMs?: number;
  /** Abuse limits (lib/abuse-limits.ts); unset groups keep the defaults. Tests lower them. */
  limits?: AbuseLimitOverrides;
  /** Configured external sign-in providers; absent ones answer "not available". */
  oauth: { google?: OAuthProviderConfig; oidc?: OAuthProviderConfig };
  payments: PaymentsConfig;
}

/** What the app is built from: opened by main.ts (or a test), closed by its owner, not by the app. */
export interface AppDeps {
  database: DatabaseHandle;
  redis: Redis | null;
  bus: EventBus;
  config: AppConfig;
  /** Defaults: SMTP or the log (see services/mailer.ts). */
  mailer?: Mailer;
  /** Defaults: Redis-backed when Redis is configured, else in memory. */
  rateLimiter?: RateLimiter;
}

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
