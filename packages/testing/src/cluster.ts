import { createScratchDatabase } from './databases';
import { type Haproxy, startHaproxy } from './haproxy';
import { freePort, type RunningProcess, startProcess } from './processes';
import { openTestRedis } from './redis';
import { TEST_REDIS_URL } from './services';
import { simulatorEnv } from './simulator';

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** Added to every API replica's environment (e.g. SERVE_WEB=true for a browser). */
  apiEnv?: Record<string, string>;
}

export interface Cluster {
  /** The proxy's address: what a member's browser opens (and every replica's PUBLIC_URL). */
  url: string;
  proxy: Haproxy;
  apiPorts: number[];
  /** The current process of each replica (replaced by startApi). */
  apis: RunningProcess[];
  workers: RunningProcess[];
  databaseUrl: string;
  sessionSecret: string;
  admin: { email: string; password: string };
  /** HAProxy's name for replica i (server-template prefix + number): its X-Served-By value. */
  serverName(index: number): string;
  /** Starts replica i again on its port; resolves once it runs. */
  startApi(index: number): Promise<RunningProcess>;
  stop(): Promise<void>;
}

/**
 * Scaled mode as an operator runs it: API replicas and BullMQ workers as real processes on a
 * scratch Postgres database and a Redis prefix, behind Debian's HAProxy on the shipped config.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const apiCount = options.apis ?? 2;
  const workerCount = options.workers ?? 2;
  const scratch = await createScratchDatabase();
  const redis = await openTestRedis().catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  const proxyPort = await freePort();
  const apiPorts = await Promise.all(Array.from({ length: apiCount }, () => freePort()));
  const url = `http://localhost:${proxyPort}`;
  const sessionSecret = 'a-cluster-test-secret-long-enough-123456';
  const admin = { email: 'ops@vault.test', password: 'ops-password-1' };
  const shared = {
    DATABASE_URL: scratch.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redis.prefix,
    LOG_LEVEL: 'info',
  };
  const apiEnv = {
    ...shared,
    ...simulatorEnv(),
    SESSION_SECRET: sessionSecret,
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: url,
    // Only HAProxy reaches the replicas: believe the one hop it appends.
    TRUST_PROXY: '1',
    ...options.apiEnv,
  };
  const everything: RunningProcess[] = [];
  const apis: RunningProcess[] = [];
  const workers: RunningProcess[] = [];
  let proxy: Haproxy | undefined;

  const startApi = async (index: number) => {
    const proc = startProcess('apps/api/src/main.ts', { ...apiEnv, PORT: String(apiPorts[index]) });
    everything.push(proc);
    apis[index] = proc;
    await proc.waitFor('Vault is running', 90_000);
    return proc;
  };
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(everything.map((p) => p.stop(5000)));
    await redis.dispose();
    await scratch.drop();
  };

  try {
    // One API first: it migrates and creates the admin; the others then start on a ready schema.
    await startApi(0);
    await Promise.all(apiPorts.slice(1).map((_, i) => startApi(i + 1)));
    for (let i = 0; i < workerCount; i++) {
      const worker = startProcess('apps/worker/src/main.ts', shared);
      everything.push(worker);
      workers.push(worker);
    }
    await Promise.all(workers.map((w) => w.waitFor('worker started', 90_000)));
    proxy = await startHaproxy({ bindPort: proxyPort, serverPorts: apiPorts });
    const serverName = (index: number) => `api${index + 1}`;
    await waitUntilServed(
      url,
      apiPorts.map((_, i) => serverName(i)),
      20_000,
    );
    return {
      url,
      proxy,
      apiPorts,
      apis,
      workers,
      databaseUrl: scratch.url,
      sessionSecret,
      admin,
      serverName,
      startApi,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls readiness through the proxy until every named replica has answered one. */
export async function waitUntilServed(url: string, servers: string[], timeoutMs: number): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    const by = res?.headers.get('x-served-by');
    if (res?.ok && by) seen.add(by);
    if (servers.every((s) => seen.has(s))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the proxy did not reach ${servers.filter((s) => !seen.has(s)).join(', ')} within ${timeoutMs} ms`);
}
