import path from 'node:path';
import { createMemoryBus, createRedisBus } from '@vault/bus';
import { migrateToLatest, openDatabase } from '@vault/db';
import { connectRedis } from '@vault/server';
import type { ApiEnv } from './env';
import type { AppDeps } from './plugins/infrastructure';

export interface Runtime extends AppDeps {
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
    config: {
      mode: env.mode,
      publicUrl: publicUrl.replace(/\/$/, ''),
      serveWeb: env.SERVE_WEB,
      webDist: env.WEB_DIST,
      sessionSecret,
      redisPrefix: env.REDIS_PREFIX,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      oauth: {
        google:
          env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
            ? {
                issuerUrl: env.GOOGLE_ISSUER_URL,
                clientId: env.GOOGLE_CLIENT_ID,
                clientSecret: env.GOOGLE_CLIENT_SECRET,
              }
            : undefined,
        oidc:
          env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
            ? { issuerUrl: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
            : undefined,
      },
    },
    async close() {
      await bus.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
