import { setTimeout as sleep } from 'node:timers/promises';
import { createShowFollower, type ShowStateView, socketEvents } from '@vault/contracts';
import { type Database, openDatabase } from '@vault/db';
import {
  insertShow,
  msUntil,
  type RunningProcess,
  type SeededMember,
  type StackServices,
  seedOnboardedMembers,
  startStack,
} from '@vault/testing';
import type { Kysely } from 'kysely';
import { io, type Socket } from 'socket.io-client';

/**
 * What the chaos tests share: one API replica and one worker as real processes in scaled mode on
 * the Postgres and Redis a test hands them (private ones it can stop), a short show started
 * through the admin API, and the checks that the show ran every step exactly once.
 */

export const SESSION_SECRET = 'a-chaos-test-secret-long-enough-1234567';
/** The admin the stack bootstraps: the one account whose password the tests know. */
export const ADMIN = { email: 'ops@vault.test', password: 'ops-password-1' };

export interface ChaosStack {
  api: RunningProcess;
  worker: RunningProcess;
  /** http://localhost:<port>, the API's PUBLIC_URL (so its Origin checks pass). */
  url: string;
  /** One HTTP call with a deadline; `ms` is how long the answer took. */
  call(
    method: string,
    path: string,
    options?: { cookie?: string; body?: unknown; timeoutMs?: number },
  ): Promise<Answer>;
  /** Signs the bootstrapped admin in; the session cookie. */
  adminCookie(): Promise<string>;
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
  ms: number;
}

export type { StackServices };

/** Cleanups run last-registered first, each whatever the others did: `afterAll(cleanups.run)`. */
export function cleanupList() {
  const list: Array<() => Promise<unknown>> = [];
  return {
    add(cleanup: () => Promise<unknown>) {
      list.push(cleanup);
    },
    async run() {
      for (const cleanup of list.splice(0).reverse()) {
        await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
      }
    },
  };
}

export interface ChaosShow {
  stack: ChaosStack;
  db: Kysely<Database>;
  /** Onboarded, with a card and a signed-in session. */
  member: SeededMember;
  showId: string;
  /** Starts the show as its admin does (POST /api/show/start). */
  start(): Promise<void>;
}

/**
 * The stack on the given services, the test's own connection to the database (it lives through
 * the outages too), a member, and a short show ready to start. Everything is handed to `cleanups`.
 */
export async function setUpChaosShow(
  services: StackServices,
  show: { title: string; items: number },
  cleanups: ReturnType<typeof cleanupList>,
): Promise<ChaosShow> {
  const stack = await startChaosStack(services);
  cleanups.add(() => stack.stop());
  const database = await openDatabase({ kind: 'postgres', url: services.databaseUrl, poolSize: 2 });
  cleanups.add(() => database.close());
  const { db } = database;
  const [member] = await seedOnboardedMembers(db, { count: 1, sessionSecret: SESSION_SECRET });
  if (!member) throw new Error('seeding failed');
  // Every phase 1 s: 2 × items + 1 steps from start to end.
  const showId = await insertShow(db, {
    ...show,
    perKnifeSeconds: 1,
    intermissionSeconds: 1,
    prerollSeconds: 1,
    soldHoldSeconds: 1,
  });
  return {
    stack,
    db,
    member,
    showId,
    async start() {
      const admin = await stack.adminCookie();
      const started = await stack.call('POST', '/api/show/start', { cookie: admin, body: { showId } });
      if (started.status !== 200) throw new Error(`the show did not start: ${started.status}`);
    },
  };
}

/** One API and one worker on the test's services, the admin bootstrapped, and an HTTP client of the API. */
export async function startChaosStack(services: StackServices): Promise<ChaosStack> {
  const stack = await startStack({
    mode: 'scaled',
    apiReplicas: 1,
    workers: 1,
    services,
    sessionSecret: SESSION_SECRET,
    admin: ADMIN,
  });
  const [api] = stack.apis;
  const [worker] = stack.workers;
  if (!api || !worker) throw new Error('the stack started without its API or worker');
  const { url } = stack;
  const call: ChaosStack['call'] = async (method, path, options = {}) => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        origin: url,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // A request that hangs fails the test instead of hanging it.
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {}, ms: performance.now() - started };
  };
  return {
    api,
    worker,
    url,
    call,
    async adminCookie() {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${await res.text()}`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vault.sid='));
      if (!cookie) throw new Error('admin login set no session cookie');
      return cookie.split(';')[0] ?? '';
    },
    stop: () => stack.stop(),
  };
}

/** The show's step and status now, or null while the database cannot answer. */
export async function readShow(db: Kysely<Database>, showId: string) {
  return db
    .selectFrom('shows')
    .select(['step', 'status', 'phase'])
    .where('id', '=', showId)
    .executeTakeFirst()
    .catch(() => null);
}

/**
 * The show's transitions as show_events recorded them, in order: a transition writes one or more
 * events with the same step and time, so a step applied twice shows up twice here.
 */
export async function appliedSteps(db: Kysely<Database>, showId: string) {
  const events = await db
    .selectFrom('showEvents')
    .select(['step', 'occurredAt'])
    .where('showId', '=', showId)
    // Watcher samples carry the show's current step at a later time: not a transition.
    .where('type', '!=', 'watchers')
    .orderBy('id')
    .execute();
  const steps: Array<{ step: number; at: number }> = [];
  for (const e of events) {
    const last = steps.at(-1);
    const at = e.occurredAt.getTime();
    if (last?.step !== e.step || last.at !== at) steps.push({ step: e.step, at });
  }
  return steps;
}

/** 1, 2, …, n. */
export const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A member's socket, as the show page opens it; every push it gets, with when it came. */
export async function followShow(url: string, cookie: string, cleanups: ReturnType<typeof cleanupList>) {
  const pushes: Array<{ at: number; view: ShowStateView | null }> = [];
  const follower = createShowFollower();
  const socket: Socket = io(url, { transports: ['websocket'], extraHeaders: { cookie, origin: url } });
  cleanups.add(async () => socket.disconnect());
  socket.on(socketEvents.state, (view: ShowStateView, rev: number) =>
    pushes.push({ at: Date.now(), view: follower.state(view, rev) }),
  );
  socket.on(socketEvents.change, (change: unknown) => pushes.push({ at: Date.now(), view: follower.change(change) }));
  await msUntil(async () => pushes.length > 0, { within: 10_000, every: 25, what: 'the socket gets the state' });
  return { socket, pushes };
}

/**
 * A one-knife show run to its last phase, then the API's link (to Redis or Postgres) cut for
 * `outageMs` while the worker ends the show. Resolves when the member has seen the end after the
 * link came back: with how long after, and when in the cut the show ended.
 */
export async function endShowDuringCut(
  services: StackServices,
  cleanups: ReturnType<typeof cleanupList>,
  options: { title: string; cut: (ms: number) => void; outageMs: number },
) {
  // One knife: three steps (2 × items + 1), the third of which ends the show.
  const lastStep = 3;
  const { stack, db, member, showId, start } = await setUpChaosShow(
    services,
    { title: options.title, items: 1 },
    cleanups,
  );
  const { pushes } = await followShow(stack.url, member.cookie, cleanups);
  await start();
  await msUntil(async () => ((await readShow(db, showId))?.step ?? 0) >= lastStep - 1, {
    within: 20_000,
    every: 25,
    what: 'the last phase',
  });
  await msUntil(async () => Boolean(pushes.at(-1)?.view?.show), {
    within: 5000,
    every: 25,
    what: 'the member sees the show',
  });

  options.cut(options.outageMs);
  const cutAt = Date.now();
  await msUntil(async () => (await readShow(db, showId))?.status === 'completed', {
    within: options.outageMs,
    every: 25,
    what: 'the show completes',
  });
  const completedAt = (await appliedSteps(db, showId)).at(-1)?.at ?? 0;
  await sleep(cutAt + options.outageMs - Date.now());
  const backAt = Date.now();
  const endSeenInCut = pushes.some((p) => p.at >= cutAt && p.at < backAt && p.view?.show === null);
  // No further change will come: only the API's own recovery can show the end.
  const seenAfterMs = await msUntil(async () => pushes.some((p) => p.at >= backAt && p.view?.show === null), {
    within: 10_000,
    every: 25,
    what: 'the member sees the show ended',
  });
  return { stack, endedIntoCutMs: completedAt - cutAt, endSeenInCut, seenAfterMs };
}
