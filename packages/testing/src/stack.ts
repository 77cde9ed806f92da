import { randomBytes } from 'node:crypto';
import { createScratchDatabase } from './databases';
import { eventually } from './eventually';
import { type Haproxy, startHaproxy } from './haproxy';
import { freePort, lastLinkIn, type RunningProcess, START_TIMEOUT_MS, startProcess } from './processes';
import { openTestRedis, type TestRedis } from './redis';
import { TEST_REDIS_URL } from './services';
import { simulatorEnv } from './simulator';
import { startEmbeddedStack } from './stack-embedded';
import { vapidEnv } from './vapid';

/** The Postgres and Redis a scaled stack runs on, when a test brings its own (private servers, links it cuts). */
export interface StackServices {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** The APIs' own way to the database (a link proxy the test can cut); the workers' is databaseUrl. */
  apiDatabaseUrl?: string;
  /** The APIs' own way to Redis; the workers' is redisUrl. */
  apiRedisUrl?: string;
}

export interface StackOptions {
  /** embedded: one process on PGlite in a fresh DATA_DIR. scaled: API replicas and BullMQ workers on Postgres + Redis. */
  mode: 'embedded' | 'scaled';
  /** Scaled: how many API processes (default 1). */
  apiReplicas?: number;
  /** Scaled: how many worker processes (default 1). */
  workers?: number;
  /** Scaled: 'haproxy' puts Debian's HAProxy, on the shipped config, in front of the replicas (default 'none'). */
  proxy?: 'haproxy' | 'none';
  /** Added to every process's environment (SERVE_WEB, NODE_ENV, DATA_DIR, …). */
  env?: Record<string, string>;
  /** Added to the API processes' environment only, after `env`. */
  apiEnv?: Record<string, string>;
  /** Node's own flags for the API processes (e.g. --cpu-prof). */
  apiNodeArgs?: string[];
  /** Scaled: the services to run on; by default a scratch database and a Redis prefix of the stack's own, removed at stop. */
  services?: StackServices;
  /** Scaled: the admin the first API bootstraps (default ops@vault.test); null for none. */
  admin?: { email: string; password: string } | null;
  /** Scaled: every API's SESSION_SECRET (default a random one), so a test can sign sessions the stack takes. */
  sessionSecret?: string;
  /**
   * Scaled without a proxy: every API's PUBLIC_URL (its Origin check, its links) is the first API's,
   * one public address as a deployment has, instead of its own.
   */
  sharedPublicUrl?: boolean;
  /** The host in the stack's URLs; '127.0.0.1' spares a benchmark the name lookups (default 'localhost'). */
  host?: string;
}

export interface Stack {
  mode: StackOptions['mode'];
  /** What a member's browser opens: the proxy, else the first API. Emailed links point here. */
  url: string;
  /** Each API's own origin, by replica. */
  apiUrls: string[];
  apiPorts: number[];
  /** The current process of each API replica (replaced by startApi). */
  apis: RunningProcess[];
  workers: RunningProcess[];
  proxy: Haproxy | null;
  /** Scaled: the database the processes use ('' when embedded: PGlite lives in the process). */
  databaseUrl: string;
  /** Scaled: the Redis prefix the processes share. */
  redisPrefix: string;
  sessionSecret: string;
  /** The admin whose password the test knows: bootstrapped (scaled) or the demo admin from the log (embedded; '' if none). */
  admin: { email: string; password: string };
  /** Embedded: the DATA_DIR. */
  dataDir: string | null;
  /** HAProxy's name for replica i (server-template prefix + number): its X-Served-By value. */
  serverName(index: number): string;
  /** Starts API replica i again on its port; resolves once it runs. */
  startApi(index: number): Promise<RunningProcess>;
  /**
   * The last link in the first API's log that matches (no SMTP_URL in tests: emails are logged).
   * Emails go out through the outbox after the answer, so this waits for one (up to timeoutMs).
   */
  lastLink(pattern: string, timeoutMs?: number): Promise<string>;
  /** Stops everything it started, whatever state it is in; its own services are removed. */
  stop(): Promise<void>;
}

export const DEFAULT_ADMIN = { email: 'ops@vault.test', password: 'ops-password-1' };
/** Long enough for a graceful shutdown under load (a --cpu-prof profile is written at exit). */
const STOP_GRACE_MS = 10_000;
/** How long HAProxy may take to find every replica of a new stack, on a loaded machine. */
const PROXY_SERVES_TIMEOUT_MS = 60_000;

/** The one way a test or benchmark starts the app as processes: embedded, or scaled with or without HAProxy. */
export async function startStack(options: StackOptions): Promise<Stack> {
  return options.mode === 'embedded' ? startEmbeddedStack(options) : startScaledStack(options);
}

async function startScaledStack(options: StackOptions): Promise<Stack> {
  const apiCount = options.apiReplicas ?? 1;
  const workerCount = options.workers ?? 1;
  const host = options.host ?? 'localhost';
  const admin = options.admin === undefined ? DEFAULT_ADMIN : options.admin;
  const sessionSecret = options.sessionSecret ?? randomBytes(32).toString('base64url');
  const cleanups: Array<() => Promise<unknown>> = [];
  const everything: RunningProcess[] = [];
  let proxy: Haproxy | null = null;
  // Whatever was set up so far, also when a step failed (Redis down, a process that does not
  // start): processes stop first, then the stack's own database and Redis prefix are removed.
  const stop = async () => {
    try {
      await proxy?.stop();
      await Promise.all(everything.map((p) => p.stop(STOP_GRACE_MS)));
    } finally {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    }
  };
  try {
    const services = options.services ?? (await ownServices(cleanups));
    const apiPorts = await Promise.all(Array.from({ length: apiCount }, () => freePort()));
    const apiUrls = apiPorts.map((port) => `http://${host}:${port}`);
    const proxyPort = options.proxy === 'haproxy' ? await freePort() : null;
    const url = proxyPort ? `http://${host}:${proxyPort}` : (apiUrls[0] ?? '');
    const shared = {
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.redisPrefix,
      LOG_LEVEL: 'info',
      // One Web Push pair for the whole deployment: the API hands it out, the workers sign with it.
      ...vapidEnv(),
      ...options.env,
    };
    const apiEnv = {
      ...shared,
      DATABASE_URL: services.apiDatabaseUrl ?? services.databaseUrl,
      REDIS_URL: services.apiRedisUrl ?? services.redisUrl,
      ...simulatorEnv(),
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      ...(admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
      // Only HAProxy reaches the replicas: believe the one hop it appends.
      ...(proxyPort ? { TRUST_PROXY: '1' } : {}),
      ...options.env,
      ...options.apiEnv,
    };
    const apis: RunningProcess[] = [];
    const workers: RunningProcess[] = [];
    const startApi = async (index: number) => {
      // Behind the proxy every replica's PUBLIC_URL is the proxy's (its Origin checks and links).
      const publicUrl = proxyPort || options.sharedPublicUrl ? url : (apiUrls[index] ?? '');
      const env = { ...apiEnv, PORT: String(apiPorts[index]), PUBLIC_URL: publicUrl };
      const proc = startProcess('apps/api/src/main.ts', env, options.apiNodeArgs);
      everything.push(proc);
      apis[index] = proc;
      await proc.waitFor('Vault is running', START_TIMEOUT_MS);
      return proc;
    };
    // One API first: it migrates and creates the admin; the others then start on a ready schema.
    if (apiCount > 0) await startApi(0);
    await Promise.all(apiPorts.slice(1).map((_, i) => startApi(i + 1)));
    for (let i = 0; i < workerCount; i++) {
      // The worker logs 'worker started' once its show clock, notifications and maintenance run.
      const worker = startProcess('apps/worker/src/main.ts', {
        // Its emails' links point where members go; a stack of workers alone names one in `env`.
        ...(url ? { PUBLIC_URL: url } : {}),
        ...shared,
        LOG_LEVEL: 'info',
      });
      everything.push(worker);
      workers.push(worker);
    }
    await Promise.all(workers.map((w) => w.waitFor('worker started', START_TIMEOUT_MS)));
    const serverName = (index: number) => `api${index + 1}`;
    if (proxyPort) {
      proxy = await startHaproxy({ bindPort: proxyPort, serverPorts: apiPorts });
      // Until HAProxy's checks have found every replica (rise 2 at 1 s once marked down): a set-up
      // wait, not a measured one; 20 s was once too short in a full run on this 2-core machine.
      await waitUntilServed(
        url,
        apiPorts.map((_, i) => serverName(i)),
        PROXY_SERVES_TIMEOUT_MS,
      );
    }
    return {
      mode: 'scaled',
      url,
      apiUrls,
      apiPorts,
      apis,
      workers,
      proxy,
      databaseUrl: services.databaseUrl,
      redisPrefix: services.redisPrefix,
      sessionSecret,
      admin: admin ?? { email: '', password: '' },
      dataDir: null,
      serverName,
      startApi,
      lastLink: lastLinkIn(() => apis[0]?.output() ?? ''),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A scratch database and a private Redis prefix, each removed by the stack's stop. */
async function ownServices(cleanups: Array<() => Promise<unknown>>): Promise<StackServices> {
  const scratch = await createScratchDatabase();
  cleanups.push(() => scratch.drop());
  // A private prefix whose keys (sessions, BullMQ, streams) are deleted at stop.
  const redis: TestRedis = await openTestRedis();
  cleanups.push(() => redis.dispose());
  return { databaseUrl: scratch.url, redisUrl: TEST_REDIS_URL, redisPrefix: redis.prefix };
}

/** Polls readiness through the proxy until every named replica has answered one. */
export async function waitUntilServed(url: string, servers: string[], timeoutMs: number): Promise<void> {
  const seen = new Set<string>();
  await eventually(
    async () => {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      const by = res?.headers.get('x-served-by');
      if (res?.ok && by) seen.add(by);
      return servers.every((s) => seen.has(s));
    },
    {
      within: timeoutMs,
      every: 100,
      what: () => `the proxy reaching ${servers.filter((s) => !seen.has(s)).join(', ')}`,
    },
  );
}
