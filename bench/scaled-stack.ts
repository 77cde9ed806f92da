import { simulatorDb } from '@vault/authnet-simulator';
import { type DatabaseHandle, openDatabase } from '@vault/db';
import { type SeededMember, seedOnboardedMembers, startStack } from '@vault/testing';

export interface ScaledStack {
  /** The API replicas' origins (http://127.0.0.1:<port>), in start order. */
  bases: string[];
  /** Their processes' ids, in the same order (for CPU readings from /proc). */
  apiPids: number[];
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
  const stack = await startStack({
    mode: 'scaled',
    apiReplicas: options.replicas,
    workers: 1,
    proxy: 'none',
    env: options.env,
    // The replicas serve the web app (the bad-link bench's pages load /show from them) and log at
    // warn, so a benchmark measures the Buy and the push rather than a log line per request; the
    // benchmark's own env still wins.
    apiEnv: { SERVE_WEB: 'true', LOG_LEVEL: 'warn', ...options.env },
    apiNodeArgs: options.apiNodeArgs,
    // The admin is a seeded member, promoted below.
    admin: null,
    host: '127.0.0.1',
  });
  let handle: DatabaseHandle | undefined;
  const stop = async () => {
    try {
      await handle?.close();
    } finally {
      await stack.stop();
    }
  };
  try {
    handle = await openDatabase({ kind: 'postgres', url: stack.databaseUrl });
    const seeding = Date.now();
    const members = await seedOnboardedMembers(handle.db, {
      count: options.members + 1,
      sessionSecret: stack.sessionSecret,
    });
    const admin = members.pop();
    if (!admin) throw new Error('no member was seeded');
    await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const apiPids = stack.apis.map((api) => api.child.pid ?? 0);
    return { bases: stack.apiUrls, apiPids, handle, members, admin, seedMs: Date.now() - seeding, stop };
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
