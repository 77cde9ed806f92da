import path from 'node:path';
import { createMemoryBus, createRedisBus } from '@vault/bus';
import { migrateToLatest, openDatabase } from '@vault/db';
import { connectRedis } from '@vault/server';
import type { ApiEnv } from './env';
import type { AppDeps } from './plugins/infrastructure';

export interface Runtime extends AppDeps {
  sessionSecret: string;
  close(): Promise<void>;
}

/**
 * Opens what the mode needs. Embedded: PGlite under DATA_DIR and an in-process bus.
 * Scaled: Postgres and Redis, failing start-up loudly if either is unreachable.
 */
export async function openRuntime(env: ApiEnv, sessionSecret: string): Promise<Runtime> {
  const database =
    env.mode === 'scaled' && env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    await database.ping();
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`Database unavailable: ${(error as Error).message}`);
  }

  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, 'vault-api') : null;
  const bus = redis ? createRedisBus(redis, { prefix: env.REDIS_PREFIX }) : createMemoryBus();
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

  return {
    database,
    redis,
    bus,
    sessionSecret,
    config: { mode: env.mode, publicUrl: publicUrl.replace(/\/$/, ''), serveWeb: env.SERVE_WEB, webDist: env.WEB_DIST },
    async close() {
      await bus.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
