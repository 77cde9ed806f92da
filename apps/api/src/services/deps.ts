import type { EventBus } from '@vault/bus';
import type { Database } from '@vault/db';
import type { ShowDriver } from '@vault/show';
import type { Notifier } from '@vault/notify';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AbuseLimits } from '../lib/abuse-limits';
import type { RateLimiter } from '../lib/rate-limiter';
import type { AuthNetClient } from '../payments/authnet/client';
import type { AppConfig } from '../plugins/infrastructure';
import type { KyselySessionStore } from '../plugins/session';

/**
 * Everything a service may use, in one shape, built once per app (plugins/service-deps.ts). A
 * service that needs only part of it takes a Pick of it, so boot code and tests can call it with
 * just that part. Services reach the database only through repositories/.
 */
export interface ServiceDeps {
  db: Kysely<Database>;
  bus: EventBus;
  config: AppConfig;
  /** The abuse limits in force (defaults, lowered by tests through config.limits). */
  limits: AbuseLimits;
  log: FastifyBaseLogger;
  /** Receipts and show reminders (plugins/notifications.ts): wake-ups to arm, outbox rows to deliver. */
  notify: Notifier;
  /** Keyed abuse counters: login failures, card attempts, reset mails (lib/rate-limiter.ts). */
  rateLimiter: RateLimiter;
  payments: AuthNetClient;
  /** The show clock; `notify(showId)` is the one way to publish "show changed". */
  driver: ShowDriver;
  /** Ends sessions on every instance (their caches and sockets). */
  sessionStore: Pick<KyselySessionStore, 'end'>;
  now: () => number;
}
