import { openDatabase } from '@vault/db';
import {
  createScratchDatabase,
  freePort,
  type RunningProcess,
  seedOnboardedMembers,
  simulatorEnv,
  startProcess,
  TEST_REDIS_URL,
  uniqueId,
} from '@vault/testing';

const SECRET = 'badnet-session-secret-that-is-long-enough';

export interface BadnetApp {
  baseUrl: string;
  /** Cookie values (`vault.sid=…`) of onboarded members with a saved card. */
  members: string[];
  adminCookie: string;
  setSoldHold(showId: string, seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Scaled mode (API serving the built SPA + a BullMQ worker, on a scratch Postgres and Redis), so
 * members can be seeded in bulk with sessions and the sold hold can be shortened in the database.
 */
export async function startBadnetApp(memberCount: number): Promise<BadnetApp> {
  const database = await createScratchDatabase();
  const processes: RunningProcess[] = [];
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: uniqueId('badnet'),
    SESSION_SECRET: SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...simulatorEnv(),
  };
  const stopAll = async () => {
    await Promise.all(processes.map((p) => p.stop(10_000)));
    await database.drop();
  };
  try {
    // WEB_DIST=<dir> measures another build of the SPA than apps/web/dist.
    const web: Record<string, string> = process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {};
    const api = startProcess('apps/api/src/main.ts', { ...shared, ...web, PORT: String(port), PUBLIC_URL: baseUrl });
    processes.push(api);
    await api.waitFor('Vault is running');
    const worker = startProcess('apps/worker/src/main.ts', { ...shared, LOG_LEVEL: 'info' });
    processes.push(worker);
    await worker.waitFor('worker started');
    const handle = await openDatabase({ kind: 'postgres', url: database.url });
    const seeded = await seedOnboardedMembers(handle.db, { count: memberCount + 1, sessionSecret: SECRET });
    const admin = seeded.pop();
    if (!admin) throw new Error('no admin');
    await handle.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    return {
      baseUrl,
      members: seeded.map((m) => m.cookie),
      adminCookie: admin.cookie,
      async setSoldHold(showId, seconds) {
        await handle.db.updateTable('shows').set({ soldHoldSeconds: seconds }).where('id', '=', showId).execute();
      },
      async stop() {
        await handle.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
