import { generateSimulatorCredentials } from '@vault/authnet-simulator';
import { createMemoryBus, createRedisBus, type EventBus } from '@vault/bus';
import type { Mailer, MailMessage } from '@vault/notify';
import {
  createMailer,
  DEFAULT_PUSH_SERVICE_HOSTS,
  DEFAULT_REMINDER_LEAD_SECONDS,
  generateVapidKeys,
  parsePushServiceHosts,
  startNotifyWorker,
} from '@vault/notify';
import { type Backend, openTestDatabase, openTestRedis, type TestDatabase, type TestRedis } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/core/config';
import type { TrustProxy } from '../src/platform/trust-proxy';
import { ORIGIN } from './support/agent';

// The in-process app the API's tests run against. What they use with it lives beside it in
// support/ and is re-exported here, so a test imports its helpers from one place.
export * from './support/agent';
export * from './support/gateway';
export * from './support/live-show';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: TestRedis | null;
  bus: EventBus;
  /** Every email the app sent. */
  outbox: MailMessage[];
  /**
   * Builds a second app on the same database and Redis: a restart, or another replica. With
   * `ownBus` it gets its own Redis bus connection, as another process would have (with the
   * in-process bus it shares that one: embedded mode is one process).
   */
  sibling(options?: { ownBus?: boolean }): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Listen on a free loopback port (the payment client reaches the simulator over real HTTP). */
  listen?: boolean;
  prepare?: (app: FastifyInstance) => void;
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
  /**
   * Scaled: run a notifications worker in-process (on the same Redis, with the same mailer), as a
   * deployment does: the API only queues email (accounts' links, receipts, reminders).
   */
  notifyWorker?: boolean;
}

/**
 * The app on a fresh database: PGlite with the in-process bus (embedded), or real Postgres with
 * real Redis (scaled). `prepare` runs before ready(), so a test can add routes. Email goes to an
 * in-memory outbox instead of SMTP, unless `config.smtpUrl` names an SMTP server.
 */
export async function buildTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  const redis = backend === 'postgres' ? await openTestRedis() : null;
  const bus = redis ? createRedisBus(redis.redis, { prefix: redis.prefix }) : createMemoryBus();
  const outbox: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void outbox.push(message) };
  const config: AppConfig = {
    mode: backend === 'postgres' ? 'scaled' : 'embedded',
    publicUrl: ORIGIN,
    serveWeb: false,
    webDist: '',
    sessionSecret: 'test-session-secret-at-least-32-characters',
    redisPrefix: redis?.prefix ?? 'test',
    mailFrom: 'The Vault <test@vault.local>',
    oauth: {},
    // Fresh simulator credentials per app (and its siblings), as every install generates its own.
    payments: { mode: 'simulator', env: 'sandbox', timeoutMs: 2000, ...generateSimulatorCredentials() },
    // A Web Push pair per app, as every embedded install generates its own (push: null turns push off).
    push: {
      ...generateVapidKeys(),
      subject: 'mailto:admin@vault.test',
      serviceHosts: parsePushServiceHosts(DEFAULT_PUSH_SERVICE_HOSTS),
    },
    ...options.config,
  };
  const make = async (prepare?: (app: FastifyInstance) => void, appBus = bus) => {
    const app = await buildApp(
      // With config.smtpUrl the app sends through that (real) SMTP server instead of the outbox.
      { database, redis: redis?.redis ?? null, bus: appBus, config, ...(config.smtpUrl ? {} : { mailer }) },
      { logLevel: 'silent', trustProxy: options.trustProxy },
    );
    prepare?.(app);
    await app.ready();
    return app;
  };
  const app = await make(options.prepare);
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  const log = pino({ level: 'silent' });
  const worker =
    options.notifyWorker && redis
      ? await startNotifyWorker({
          db: database.db,
          connection: redis.redis,
          prefix: redis.prefix,
          mailer: config.smtpUrl ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }) : mailer,
          links: { publicUrl: config.publicUrl },
          leadMs: (config.reminderLeadSeconds ?? DEFAULT_REMINDER_LEAD_SECONDS) * 1000,
          log,
        })
      : null;
  const siblings: FastifyInstance[] = [];
  const ownBuses: EventBus[] = [];
  return {
    app,
    database,
    redis,
    bus,
    outbox,
    async sibling({ ownBus = false } = {}) {
      let siblingBus = bus;
      if (ownBus && redis) {
        siblingBus = createRedisBus(redis.redis, { prefix: redis.prefix });
        ownBuses.push(siblingBus);
      }
      const other = await make(undefined, siblingBus);
      siblings.push(other);
      return other;
    },
    async close() {
      await worker?.close();
      await Promise.all([app, ...siblings].map((a) => a.close()));
      for (const own of ownBuses) await own.close();
      await bus.close();
      await redis?.dispose();
      await database.dispose();
    },
  };
}
