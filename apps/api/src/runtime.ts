import path from 'node:path';
import { migrateSimulator, type SimulatorCredentials } from '@vault/authnet-simulator';
import { createMemoryBus, createRedisBus } from '@vault/bus';
import { migrateAsOwner, migrateToLatest, openDatabase } from '@vault/db';
import { resolveVapidSettings, type VapidKeys } from '@vault/notify';
import { connectRedis, logStream, reportRedisOutages } from '@vault/server';
import { pino } from 'pino';
import type { AppDeps, PaymentsConfig } from './core/config';
import { restrictToOwner } from './core/files';
import type { ApiEnv } from './env';

/**
 * The gateway and its merchant credentials. The simulator's credentials are never constants:
 * AUTHNET_* when set (required in scaled mode, by env.ts), else this install's generated ones
 * from DATA_DIR/secrets.json (embedded mode).
 */
function paymentsConfig(env: ApiEnv, localSimulator: SimulatorCredentials | undefined): PaymentsConfig {
  const fromEnv =
    env.AUTHNET_API_LOGIN_ID && env.AUTHNET_TRANSACTION_KEY && env.AUTHNET_CLIENT_KEY
      ? {
          apiLoginId: env.AUTHNET_API_LOGIN_ID,
          transactionKey: env.AUTHNET_TRANSACTION_KEY,
          clientKey: env.AUTHNET_CLIENT_KEY,
        }
      : undefined;
  const simulator = env.authnetMode === 'simulator';
  const credentials = fromEnv ?? (simulator ? localSimulator : undefined);
  // env.ts refuses a configuration without them; this only tells the type checker.
  if (!credentials) throw new Error('Set AUTHNET_API_LOGIN_ID, AUTHNET_TRANSACTION_KEY and AUTHNET_CLIENT_KEY');
  const gatewayEnv = simulator ? 'sandbox' : env.AUTHNET_ENV;
  return {
    mode: env.authnetMode,
    env: gatewayEnv,
    timeoutMs: env.AUTHNET_TIMEOUT_MS,
    simulatorSettlementCutoff: env.AUTHNET_SIM_SETTLEMENT_CUTOFF,
    ...credentials,
  };
}

/** Secrets that do not come from the environment: embedded mode keeps them in DATA_DIR/secrets.json. */
export interface RuntimeSecrets {
  sessionSecret: string;
  /** The simulator's credentials for this install (embedded mode). */
  simulator?: SimulatorCredentials;
  /** This install's Web Push pair (embedded mode); VAPID_* win when set. */
  vapid?: VapidKeys;
}

export interface Runtime extends AppDeps {
  close(): Promise<void>;
}

/**
 * Opens what the mode needs. Embedded: PGlite under DATA_DIR and an in-process bus.
 * Scaled: Postgres and Redis, failing start-up loudly if either is unreachable.
 */
export async function openRuntime(env: ApiEnv, secrets: RuntimeSecrets): Promise<Runtime> {
  const payments = paymentsConfig(env, secrets.simulator);
  const database =
    env.mode === 'scaled' && env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    await database.ping();
    // As the schema's owner when the app's role may only read and write rows; the app's own
    // migrateToLatest below then finds nothing to do. The simulator's tables are DDL too.
    if (env.mode === 'scaled' && env.MIGRATION_DATABASE_URL) {
      await migrateAsOwner(env.MIGRATION_DATABASE_URL, payments.mode === 'simulator' ? migrateSimulator : undefined);
    }
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`Database unavailable: ${(error as Error).message}`);
  }
  // The embedded database and secrets are this user's alone (PGlite writes its files 0666).
  if (env.mode === 'embedded') restrictToOwner(env.DATA_DIR);

  // What the runtime opens logs before buildApp makes the app's logger (Redis links that drop).
  const log = pino({ level: env.LOG_LEVEL }, logStream(env.LOG_FORMAT));
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, 'vault-api', log) : null;
  const bus = redis
    ? createRedisBus(redis, {
        prefix: env.REDIS_PREFIX,
        watch: (subscriber) => reportRedisOutages(subscriber, 'vault-api bus', log),
      })
    : createMemoryBus();
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
      sessionSecret: secrets.sessionSecret,
      redisPrefix: env.REDIS_PREFIX,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      redactMailLinks: env.mailLinksRedacted,
      reminderLeadSeconds: env.REMINDER_LEAD_SECONDS,
      eligibility: { minimumAge: env.MINIMUM_BUYER_AGE, shipFromState: env.SHIP_FROM_STATE },
      humanFloorMs: env.HUMAN_FLOOR_MS,
      fulfillment: {
        shipByBusinessDays: env.SHIP_BY_BUSINESS_DAYS,
        returnWindowDays: env.RETURN_WINDOW_DAYS,
        authorizationWarningDays: env.AUTHORIZATION_WARNING_DAYS,
      },
      payments,
      push: resolveVapidSettings(env, publicUrl, secrets.vapid),
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
      if (env.mode === 'embedded') restrictToOwner(env.DATA_DIR);
    },
  };
}
