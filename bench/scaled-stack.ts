import { randomBytes } from 'node:crypto';
import { simulatorDb } from '@vault/authnet-simulator';
import { type DatabaseHandle, openDatabase } from '@vault/db';
import {
  createScratchDatabase,
  freePort,
  openTestRedis,
  type RunningProcess,
  type SeededMember,
  seedOnboardedMembers,
  simulatorEnv,
  startProcess,
  TEST_REDIS_URL,
  type TestRedis,
} from '@vault/testing';

export interface ScaledStack {
  /** The API replicas' origins (http://127.0.0.1:<port>), in start order. */
  bases: string[];
  /** The scratch database, for seeding and for checking what a run left behind. */
  handle: DatabaseHandle;
  /** Onboarded members with a saved card and a live session. */
  members: SeededMember[];
  admin: SeededMember;
  /** How long seeding the members took, in ms. */
  seedMs: number;
  stop(): Promise<void>;
}

export interface ScaledStackOptions {
  replicas: number;
  members: number;
  /** Extra environment for every process (SERVE_WEB, NODE_ENV, WEB_DIST, …). */
  env?: Record<string, string>;
  /** Node flags for the API replicas (e.g. --cpu-prof). */
  apiNodeArgs?: string[];
}

/**
 * Scaled mode as it runs in production, for the benchmarks: API replicas and a BullMQ worker on a
 * scratch Postgres database and a private Redis prefix, the payment simulator with credentials of
 * its own, and members seeded in bulk with sessions (one of them promoted to admin).
 */
export async function startScaledStack(options: ScaledStackOptions): Promise<ScaledStack> {
  const database = await createScratchDatabase();
  const sessionSecret = randomBytes(32).toString('base64url');
  const processes: RunningProcess[] = [];
  let redis: TestRedis | undefined;
  let handle: DatabaseHandle | undefined;
  // Whatever was set up so far, also when a step of the setup failed (Redis down, a process that
  // does not start): the scratch database is dropped and the Redis prefix deleted either way.
  const stop = async () => {
    try {
      await handle?.close();
      await Promise.all(processes.map((p) => p.stop(10_000)));
      await database.drop();
    } finally {
      await redis?.dispose();
    }
  };
  try {
    // A private prefix whose keys (sessions, BullMQ, streams) are deleted at stop.
    redis = await openTestRedis();
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      SESSION_SECRET: sessionSecret,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...simulatorEnv(),
      ...options.env,
    };
    const bases: string[] = [];
    for (let i = 0; i < options.replicas; i++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { ...shared, PORT: String(port), PUBLIC_URL: base };
      const api = startProcess('apps/api/src/main.ts', env, options.apiNodeArgs);
      processes.push(api);
      // The first replica migrates; the others start once it has.
      await api.waitFor('Vault is running');
      bases.push(base);
    }
    // The links in its emails point at the first replica (production requires a PUBLIC_URL).
    const worker = startProcess('apps/worker/src/main.ts', {
      ...shared,
      PUBLIC_URL: bases[0] ?? '',
      LOG_LEVEL: 'info',
    });
    processes.push(worker);
    await worker.waitFor('worker started');

    handle = await openDatabase({ kind: 'postgres', url: database.url });
    const seeding = Date.now();
    const members = await seedOnboardedMembers(handle.db, { count: options.members + 1, sessionSecret });
    const admin = members.pop();
    if (!admin) throw new Error('no member was seeded');
    await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    return { bases, handle, members, admin, seedMs: Date.now() - seeding, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What a race left for an item: its purchases and its authorisations at the gateway (exactly once: 1 and 1). */
export async function salesOf(handle: DatabaseHandle, itemId: string): Promise<{ purchases: number; auths: number }> {
  const purchases = await handle.db.selectFrom('purchases').select('id').where('showItemId', '=', itemId).execute();
  // The gateway's invoice number is the claim's id: count this item's authorisations only.
  const claims = await handle.db.selectFrom('saleClaims').select('id').where('showItemId', '=', itemId).execute();
  const auths =
    claims.length === 0
      ? []
      : await simulatorDb(handle)
          .selectFrom('authnetSimTransactions')
          .select('id')
          .where('type', '=', 'authOnlyTransaction')
          .where(
            'invoiceNumber',
            'in',
            claims.map((c) => c.id),
          )
          .execute();
  return { purchases: purchases.length, auths: auths.length };
}
