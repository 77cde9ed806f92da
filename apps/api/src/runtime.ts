import path from 'node:path';
import { createMemoryBus, createRedisBus } from '@vault/bus';
import { migrateToLatest, openDatabase } from '@vault/db';
import { connectRedis } from '@vault/server';
import type { ApiEnv } from './env';
import type { AppDeps, PaymentsConfig } from './plugins/infrastructure';

/** Simulator credentials: only meaningful to the local simulator, never to Authorize.Net. */
export const simulatorCredentials = {
  apiLoginId: 'vault-simulator',
  transactionKey: 'simulator-transaction-key',
  clientKey: 'simulator-public-client-key',
} as const;

function paymentsConfig(env: ApiEnv): PaymentsConfig {
  const mode = env.AUTHNET_MODE ?? (env.AUTHNET_API_LOGIN_ID ? 'authorize.net' : 'simulator');
  if (mode === 'simulator') return { mode, env: 'sandbox', timeoutMs: env.AUTHNET_TIMEOUT_MS, ...simulatorCredentials };
  return {
    mode,
    env: env.AUTHNET_ENV,
    apiLoginId: env.AUTHNET_API_LOGIN_ID ?? '',
    transactionKey: env.AUTHNET_TRANSACTION_KEY ?? '',
    clientKey: env.AUTHNET_CLIENT_KEY ?? '',
    timeoutMs: env.AUTHNET_TIMEOUT_MS,
  };
}

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
      payments: paymentsConfig(env),
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
