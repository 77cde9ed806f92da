import { generateSimulatorCredentials, simulatorDb } from '@vault/authnet-simulator';
import { createMemoryBus, createRedisBus, type EventBus } from '@vault/bus';
import { socketEvents } from '@vault/contracts';
import type { DatabaseHandle } from '@vault/db';
import { createMailer, DEFAULT_REMINDER_LEAD_SECONDS, startNotifyWorker } from '@vault/notify';
import {
  type Backend,
  openTestDatabase,
  openTestRedis,
  type SeededMember,
  seedOnboardedMembers,
  type TestDatabase,
  type TestRedis,
} from '@vault/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/core/config';
import type { Mailer, MailMessage } from '@vault/notify';
import type { OpaqueData } from '../src/payments/authnet/requests';
import { SIMULATOR_GATEWAY_ROUTE } from '../src/payments/plugin';
import { KyselySessionStore, SESSION_COOKIE } from '../src/platform/session/plugin';
import type { TrustProxy } from '../src/platform/trust-proxy';

export const ORIGIN = 'http://localhost:3000';

/** The base URL of an app listening on loopback (`listen: true`). */
export function listenUrl(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The simulator's gateway endpoint of an app listening on loopback (`listen: true`). */
export function gatewayEndpoint(app: FastifyInstance): string {
  return `${listenUrl(app)}${SIMULATOR_GATEWAY_ROUTE}`;
}

interface GatewayMessage {
  code: string;
  text: string;
}

/** The envelope every gateway answer has (at least one message, per the XSD), and what some request types add. */
export interface GatewayJson {
  messages: { resultCode: string; message: [GatewayMessage, ...GatewayMessage[]] };
  transactionResponse?: { responseCode: string };
  [field: string]: unknown;
}

export interface GatewayReply {
  status: number;
  /** The body as fetch's text() gives it (without the byte order mark). */
  text: string;
  json: GatewayJson;
  /** The body as sent, byte order mark included. */
  bytes: Uint8Array;
}

/**
 * POSTs to the (simulated) gateway as a stranger would: `body` as given when a string, else as
 * JSON; no content type when `contentType` is null.
 */
export async function postGateway(
  endpoint: string,
  body: string | object,
  contentType: string | null = 'application/json',
): Promise<GatewayReply> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: contentType ? { 'content-type': contentType } : {},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: response.status, text, json: JSON.parse(text.replace(/^\uFEFF/, '')) as GatewayJson, bytes };
}

/** A card for the token request: a bare number has the expiry and card code of the test cards. */
export type CardToTokenize = string | { cardNumber: string; expirationDate: string; cardCode?: string };

/**
 * What Accept.js does in the browser: card data to the (simulated) gateway of a listening app,
 * a one-time token back. Authenticates with the app's public client key unless `auth` is given.
 * `opaqueData` is the token when the gateway said Ok; callers check `json.messages` themselves.
 */
export async function tokenizeCard(
  app: FastifyInstance,
  card: CardToTokenize,
  options: { auth?: { name: string; clientKey?: string }; id?: string } = {},
): Promise<GatewayReply & { opaqueData: OpaqueData }> {
  const { apiLoginId, clientKey } = app.config.payments;
  const token = typeof card === 'string' ? { cardNumber: card, expirationDate: '122030', cardCode: '123' } : card;
  const reply = await postGateway(gatewayEndpoint(app), {
    securePaymentContainerRequest: {
      merchantAuthentication: options.auth ?? { name: apiLoginId, clientKey },
      data: { type: 'TOKEN', id: options.id ?? 'x', token },
    },
  });
  return { ...reply, opaqueData: reply.json.opaqueData as OpaqueData };
}

/** The simulator's own tables (its migrations add the bookkeeping ones). */
export const SIM_TABLES = [
  'authnet_sim_tokens',
  'authnet_sim_customers',
  'authnet_sim_payment_profiles',
  'authnet_sim_transactions',
  'authnet_sim_faults',
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

export interface Agent {
  request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  cookie(name: string): string | undefined;
  /** A `Cookie` header value carrying this agent's session, for requests made without it. */
  sessionCookie(): string;
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
    sessionCookie: () => `${SESSION_COOKIE}=${jar.get(SESSION_COOKIE)}`,
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

/**
 * Waits until `outbox` holds at least `count` emails to `to` (they go after the answer, through
 * the mail outbox) and returns them, oldest first.
 */
export async function mailsTo(outbox: MailMessage[], to: string, count = 1, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const mails = outbox.filter((m) => m.to === to);
    if (mails.length >= count) return mails;
    if (Date.now() - started > timeoutMs) throw new Error(`${mails.length} of ${count} emails to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The token of the link in the `count`-th email to `to` (waiting for it), matching `pattern`. */
export async function mailedToken(outbox: MailMessage[], to: string, pattern: RegExp, count = 1): Promise<string> {
  const mails = await mailsTo(outbox, to, count);
  return tokenFrom(mails.slice(0, count), pattern);
}

/** GET /api/auth/user with `cookie` alone: whom the app takes the session for (401 when it refuses it). */
export function currentUser(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

/**
 * Polls `app` until it refuses the cookie; returns how long that took after `since`: at once
 * in-process, a bus round trip when scaled. Without the bus it would take up to the session
 * cache's TTL, so it gives up a margin after that.
 */
export async function msUntilRefused(app: FastifyInstance, cookie: string, since = Date.now()): Promise<number> {
  for (;;) {
    if ((await currentUser(app, cookie)).statusCode === 401) return Date.now() - since;
    if (Date.now() - since > KyselySessionStore.CACHE_TTL_MS + 2000) throw new Error('the session was never refused');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** How many sessions of the member the sessions table holds. */
export async function sessionCount(database: DatabaseHandle, userId: string): Promise<number | undefined> {
  const count = sql<{ n: number }>`select count(*)::int as n from sessions where sess->>'userId' = ${userId}`;
  return (await count.execute(database.db)).rows[0]?.n;
}

/** An onboarded customer and an admin, each with a live session (`cookie`) signed with the app's secret. */
export async function seedCustomerAndAdmin(t: TestApp): Promise<{ customer: SeededMember; admin: SeededMember }> {
  const [customer, admin] = await seedOnboardedMembers(t.database.db, {
    count: 2,
    sessionSecret: t.app.config.sessionSecret,
  });
  if (!customer || !admin) throw new Error('setup');
  await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return { customer, admin };
}

/** A running show whose first item is on sale now (any earlier live show is reset first: one at a time). */
export async function startLiveShow(t: TestApp, itemCount = 2, perKnifeSeconds = 120) {
  const { db } = t.database;
  const live = await db.selectFrom('shows').select('id').where('status', 'in', ['running', 'paused']).execute();
  for (const s of live) await t.app.shows.driver.command(s.id, { type: 'reset' });
  const show = await db
    .insertInto('shows')
    .values({ title: 'Exactly Once', perKnifeSeconds, prerollSeconds: 0, intermissionSeconds: 5 })
    .returningAll()
    .executeTakeFirstOrThrow();
  const items = await db
    .insertInto('showItems')
    .values(
      Array.from({ length: itemCount }, (_, i) => ({
        showId: show.id,
        title: `Knife ${i + 1}`,
        price: '250.00',
        orderIndex: i,
      })),
    )
    .returningAll()
    .execute();
  const started = await t.app.shows.driver.command(show.id, { type: 'start' });
  if (!started.ok) throw new Error('the show did not start');
  return { show, items: items.sort((a, b) => a.orderIndex - b.orderIndex) };
}

/** Runs a show's clock forward (deadlines moved to the past) until its item `index` is on sale. */
export async function advanceShowTo(t: TestApp, showId: string, index: number): Promise<void> {
  const { db } = t.database;
  for (let i = 0; i < 10; i++) {
    const show = await db.selectFrom('shows').selectAll().where('id', '=', showId).executeTakeFirstOrThrow();
    if (show.phase === 'showing' && show.currentIndex === index) return;
    await db
      .updateTable('shows')
      .set({ phaseEndsAt: new Date(Date.now() - 1) })
      .where('id', '=', showId)
      .execute();
    await t.app.shows.driver.wake(showId, show.step);
  }
  throw new Error(`item ${index} never came on sale`);
}

/** POST /api/show/buy as `member`, from our own origin, on `app`. */
export function buyAs(app: FastifyInstance, member: SeededMember, showItemId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/show/buy',
    headers: { origin: ORIGIN, cookie: member.cookie },
    payload: { showItemId },
  });
}

/** The authorisations the payment simulator recorded for an item's claims. */
export function authorisationsOf(database: DatabaseHandle, showItemId: string) {
  return simulatorDb(database)
    .selectFrom('authnetSimTransactions')
    .innerJoin('saleClaims', 'saleClaims.id', 'authnetSimTransactions.invoiceNumber')
    .select(['authnetSimTransactions.id', 'authnetSimTransactions.responseCode'])
    .where('saleClaims.showItemId', '=', showItemId)
    .where('authnetSimTransactions.type', '=', 'authOnlyTransaction')
    .execute();
}

/**
 * A member's live socket on `app` (listening), once the server accepted it: the show state arrives
 * on connect. It is added to `opened` first, so the test's cleanup closes it whatever happens.
 */
export async function memberSocket(app: FastifyInstance, cookie: string, opened: Socket[]): Promise<Socket> {
  const socket = io(listenUrl(app), {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: ORIGIN },
    reconnection: false,
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once(socketEvents.state, () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
