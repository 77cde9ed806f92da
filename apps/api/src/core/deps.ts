import type { EventBus } from '@vault/bus';
import type { BusMessage } from '@vault/contracts';
import type { Database } from '@vault/db';
import type { Notifier } from '@vault/notify';
import type { ShowDriver } from '@vault/show';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AbuseLimits } from './abuse-limits';
import type { AppConfig } from './config';
import type { RateLimiter } from './rate-limiter';

/** What every instance must forget at once: one session (logout) or all of a member's. */
export type SessionsEnded = Extract<BusMessage, { type: 'user.sessions-ended' | 'session.ended' }>;

/**
 * Everything a service may use, in one shape, built once per app (platform/service-deps.ts). A
 * service that needs only part of it takes a Pick of it, so boot code and tests can call it with
 * just that part. Services reach the database only through repository files. A domain that adds a
 * dependency of its own declares it beside its plugin (`declare module '../core/deps'`), as Fastify's
 * decorators are declared, so this file names nothing above core/.
 */
export interface ServiceDeps {
  db: Kysely<Database>;
  bus: EventBus;
  config: AppConfig;
  /** The abuse limits in force (defaults, lowered by tests through config.limits). */
  limits: AbuseLimits;
  log: FastifyBaseLogger;
  /** Receipts and show reminders (notifications/plugin.ts): wake-ups to arm, outbox rows to deliver. */
  notify: Notifier;
  /** Keyed abuse counters: login failures, card attempts, reset mails (core/rate-limiter.ts). */
  rateLimiter: RateLimiter;
  /** The show clock; `notify(showId)` is the one way to publish "show changed". */
  driver: ShowDriver;
  /** Ends sessions on every instance (their caches and sockets). */
  sessionStore: { end(message: SessionsEnded): Promise<void> };
  now: () => number;
}
