import { generateSimulatorCredentials } from '@vault/authnet-simulator';
import { createMemoryBus, createRedisBus, type EventBus } from '@vault/bus';
import type { DatabaseHandle } from '@vault/db';
import { type Backend, openTestDatabase, openTestRedis, type TestDatabase, type TestRedis } from '@vault/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { TrustProxy } from '../src/lib/trust-proxy';
import type { AppConfig } from '../src/plugins/infrastructure';
import { SIMULATOR_GATEWAY_ROUTE } from '../src/plugins/payments';
import type { Mailer, MailMessage } from '../src/services/mailer';

export const ORIGIN = 'http://localhost:3000';

/** The simulator's gateway endpoint of an app listening on loopback (`listen: true`). */
export function gatewayEndpoint(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SIMULATOR_GATEWAY_ROUTE}`;
}

/** The simulator's own tables (its migrations add the bookkeeping ones). */
export const SIM_TABLES = [
  'authnet_sim_tokens',
  'authnet_sim_customers',
  'authnet_sim_payment_profiles',
  'authnet_sim_transactions',
];

/** Every row of the simulator's tables, for "a refused request changed nothing" checks. */
export async function simulatorState(database: DatabaseHandle): Promise<string> {
  const parts: unknown[] = [];
  for (const table of SIM_TABLES) {
    const { rows } = await sql`select * from ${sql.table(table)} order by 1`.execute(database.db);
    parts.push(rows);
  }
  return JSON.stringify(parts);
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: TestRedis | null;
  bus: EventBus;
  /** Every email the app sent. */
  outbox: MailMessage[];
  /** Builds a second app on the same database and Redis: a restart, or another replica. */
  sibling(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Listen on a free loopback port (the payment client reaches the simulator over real HTTP). */
  listen?: boolean;
  prepare?: (app: FastifyInstance) => void;
  /** Which X-Forwarded-For hops to believe (TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
}

/**
 * The app on a fresh database: PGlite with the in-process bus (embedded), or real Postgres with
 * real Redis (scaled). `prepare` runs before ready(), so a test can add routes. Email goes to an
 * in-memory outbox instead of SMTP.
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
    ...options.config,
  };
  const make = async (prepare?: (app: FastifyInstance) => void) => {
    const app = await buildApp(
      { database, redis: redis?.redis ?? null, bus, config, mailer },
      { logLevel: 'silent', trustProxy: options.trustProxy },
    );
    prepare?.(app);
    await app.ready();
    return app;
  };
  const app = await make(options.prepare);
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  const siblings: FastifyInstance[] = [];
  return {
    app,
    database,
    redis,
    bus,
    outbox,
    async sibling() {
      const other = await make();
      siblings.push(other);
      return other;
    },
    async close() {
      await Promise.all([app, ...siblings].map((a) => a.close()));
      await bus.close();
      await redis?.dispose();
      await database.dispose();
    },
  };
}

export interface Agent {
  request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  cookie(name: string): string | undefined;
  /** Send the next requests to another app instance (a restarted process, another replica). */
  use(app: FastifyInstance): void;
}

/** A browser-like client: keeps cookies and sends our Origin on every request. */
export function agent(initial: FastifyInstance): Agent {
  let app = initial;
  const jar = new Map<string, string>();
  const request: Agent['request'] = async (options) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({
      ...options,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return response;
  };
  return {
    request,
    get: (url) => request({ method: 'GET', url }),
    post: (url, payload = {}) => request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    cookie: (name) => jar.get(name),
    use(next) {
      app = next;
    },
  };
}

/** The token of the last emailed link that matches `pattern`. */
export function tokenFrom(outbox: MailMessage[], pattern: RegExp): string {
  const text = outbox.at(-1)?.text ?? '';
  const match = text.match(pattern);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return decodeURIComponent(match[1]);
}
