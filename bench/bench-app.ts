// What the benchmarks share: the embedded app as they run it, signing in, the admin API, a live
// show to measure, the bare floor server (bench/bare-http.ts), and opening many sockets in batches.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdminShow, AdminShowItem } from '@vault/contracts';
import {
  apiWriter,
  buildShow,
  type EmbeddedApp,
  freePort,
  type KnifeToAdd,
  type ShowToBuild,
  startEmbeddedApp,
  startProcess,
} from '@vault/testing';
import { io, type Socket } from 'socket.io-client';

/**
 * The environment of every app process a benchmark starts: production-like, no demo data, no SPA,
 * with the local payment simulator chosen explicitly (env.ts refuses it otherwise).
 */
export const BENCH_ENV = {
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  AUTHNET_MODE: 'simulator',
  // No SMTP server: production logs emails only when told to (their links without tokens).
  MAIL_TRANSPORT: 'log',
} as const satisfies Record<string, string>;

/** An admin call or a sign-in that has not answered in this time fails the run. */
const CALL_TIMEOUT_MS = 10_000;

/** Signs in through the API and returns the session cookie (`name=value`); throws unless it succeeded. */
export async function logIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`login as ${email}: no session cookie`);
  return cookie;
}

/** A JSON call: GET without a body, POST with one. Resolves with the parsed answer. */
export type ApiCall = (path: string, body?: unknown) => Promise<unknown>;

/**
 * Calls `base` as a browser would (Origin, the session cookie if any): for the admin API, and for
 * the bare server's POST /emit. Throws on a status of 300 or more, or no answer in 10 s.
 */
export function apiClient(base: string, cookie?: string): ApiCall {
  return async (path, body) => {
    const method = body === undefined ? 'GET' : 'POST';
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

export interface BenchApp {
  app: EmbeddedApp;
  /** The demo admin's session cookie. */
  adminCookie: string;
  /** Stops the app and deletes its data directory. */
  stop(): Promise<void>;
}

/**
 * The real embedded app (PGlite) in one process, with BENCH_ENV and a data directory of its own
 * (deleted at stop), its admin signed in (ADMIN_EMAIL: production makes no demo admin).
 */
export async function startBenchApp(): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-bench-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const admin = { ADMIN_EMAIL: 'bench-admin@vault.test', ADMIN_PASSWORD: 'bench-admin-password' };
  const app = await startEmbeddedApp({ ...BENCH_ENV, ...admin, DATA_DIR: dataDir }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  const stop = async () => {
    try {
      await app.stop();
    } finally {
      removeData();
    }
  };
  try {
    return { app, adminCookie: await logIn(app.baseUrl, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Creates a show with these items, in this order, and starts it, as the admin `call` signs in as.
 * Resolves with the show as created and its items' ids.
 */
export async function startLiveShow(
  call: ApiCall,
  show: Omit<ShowToBuild, 'items'>,
  items: readonly KnifeToAdd[],
): Promise<{ show: AdminShow; itemIds: string[] }> {
  let created: AdminShow | undefined;
  const writer = apiWriter(async (url, body) => {
    if (url !== '/api/shows') return AdminShowItem.parse(await call(url, body));
    created = AdminShow.parse(await call(url, body));
    return created;
  });
  const { showId, itemIds } = await buildShow(writer, { ...show, items });
  if (!created) throw new Error('the show was not created');
  await call('/api/show/start', { showId });
  return { show: created, itemIds };
}

export interface BareServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Its process, whose CPU a benchmark may read from /proc. */
  pid: number;
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts the floor, bench/bare-http.ts, in its own process with these Node flags; resolves once it listens. */
export async function startBare(nodeArgs: string[] = []): Promise<BareServer> {
  const port = await freePort();
  const bare = startProcess('bench/bare-http.ts', { PORT: String(port), NODE_ENV: 'production' }, nodeArgs);
  try {
    await bare.waitFor('bare server listening');
  } catch (error) {
    await bare.stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, pid: bare.child.pid ?? 0, stop: (graceMs) => bare.stop(graceMs) };
}

/**
 * Connects in flight at once: well inside the listen backlog (4096) of the API and of the bare
 * server, so a batch never overflows one side's queue and not the other's (2,000 handshakes at once
 * would be a benchmark of their own).
 */
export const CONNECT_BATCH = 500;

/** Runs `connect(i)` for every i below `count`, CONNECT_BATCH at a time, each batch once the last has settled. */
export async function inBatches(count: number, connect: (i: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const size = Math.min(CONNECT_BATCH, count - start);
    await Promise.all(Array.from({ length: size }, (_, k) => connect(start + k)));
  }
}

/**
 * One Socket.IO connection (socket.io-client) as the show screen opens it: WebSocket only, the
 * session cookie and Origin on the handshake, no reconnection. `listen` attaches handlers before
 * the handshake, so not even the first push is missed. Resolves once connected; on a connect error
 * the socket is closed and the promise rejects.
 */
export function connectSocket(base: string, cookie: string, listen: (socket: Socket) => void = () => {}) {
  const socket = io(base, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: base },
    reconnection: false,
    forceNew: true,
  });
  listen(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}
