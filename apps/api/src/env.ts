import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  envBoolean,
  envPort,
  logFormat,
  logLevel,
  mailEnv,
  mailLinksRedacted,
  mailRules,
  parseEnv,
  postgresUrl,
  redisPrefix,
  redisUrl,
  withLogFormatDefault,
} from '@vault/server';
import { z } from 'zod';
import { trustProxyEnv } from './lib/trust-proxy';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * DATA_DIR as an absolute path, a relative one taken from the repository root: `pnpm start` runs
 * in the root and `pnpm dev` in apps/api, and both must find the same database and demo password.
 * scripts/reset-demo.ts deletes what this names.
 */
export function resolveDataDir(dataDir = '.data'): string {
  return path.resolve(repoRoot, dataDir);
}

/** Every variable the API reads. The README's configuration table lists the same names. */
export const ApiEnvObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: envPort.default(3000),
  /**
   * The app's own origin: emailed links and the CSRF Origin check use it. Required in production;
   * elsewhere http://localhost:PORT.
   */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * Scaled mode: the role migrations run as at start (the schema's owner), when DATABASE_URL's role
   * may only read and write rows (docker-compose.yml). Unset: DATABASE_URL's role migrates.
   */
  MIGRATION_DATABASE_URL: postgresUrl.optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: redisUrl.optional(),
  REDIS_PREFIX: redisPrefix.default('vault'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** The demo show and knives, once per database. Default: on, except in production (only when set to true). */
  SEED_DEMO: envBoolean.optional(),
  SERVE_WEB: envBoolean.default(true),
  WEB_DIST: z.string().default(defaultWebDist),
  /** false, a hop count, or proxy addresses/CIDRs (lib/trust-proxy.ts); `true` means 1 hop. */
  TRUST_PROXY: trustProxyEnv.default(false),
  LOG_LEVEL: logLevel.default('info'),
  /** json, or pretty (pino-pretty); default pretty only when NODE_ENV=development is set (loadApiEnv). */
  LOG_FORMAT: logFormat.default('json'),
  ...mailEnv,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google's issuer; overridable so tests can run the same flow against a local OIDC server. */
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /**
   * simulator (default without AUTHNET_API_LOGIN_ID, outside production) or authorize.net. In
   * simulator mode the AUTHNET_* credentials are the simulator's own: embedded mode generates them
   * (DATA_DIR/secrets.json); scaled mode requires them, the same on every replica.
   */
  AUTHNET_MODE: z.enum(['simulator', 'authorize.net']).optional(),
  AUTHNET_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  AUTHNET_API_LOGIN_ID: z.string().optional(),
  AUTHNET_TRANSACTION_KEY: z.string().optional(),
  AUTHNET_CLIENT_KEY: z.string().optional(),
  AUTHNET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a SIGTERM'd replica may drain and finish in-flight requests before it exits anyway. */
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1000).default(10_000),
  /**
   * Prometheus GET /metrics on a listener of its own, never the public port (the proxy fronts only
   * PORT, so members cannot read it). Loopback by default; a container sets 0.0.0.0 so Prometheus
   * can reach it. METRICS_PORT=0 takes any free port (logged); METRICS_ENABLED=false opens none.
   * Unset METRICS_PORT: 9464 in scaled mode; none in embedded mode, where no Prometheus scrapes and a
   * second fixed port would only make two vaults on one machine collide.
   */
  METRICS_ENABLED: envBoolean.default(true),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: envPort.optional(),
});

/** Scaled mode's metrics port when METRICS_PORT is unset: deploy/prometheus.yml scrapes it. */
const DEFAULT_METRICS_PORT = 9464;

export const ApiEnvSchema = ApiEnvObject.superRefine((env, ctx) => {
  mailRules(env, ctx);
  if (Boolean(env.DATABASE_URL) !== Boolean(env.REDIS_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.DATABASE_URL ? 'REDIS_URL' : 'DATABASE_URL'],
      message: 'scaled mode needs both DATABASE_URL and REDIS_URL (set neither for embedded mode)',
    });
  }
  if (env.DATABASE_URL && !env.SESSION_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in scaled mode' });
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: ['GOOGLE_CLIENT_SECRET'],
      message: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together',
    });
  }
  const oidcSet = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER_URL'],
      message: 'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
    });
  }
  const authnetKeys = ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY', 'AUTHNET_CLIENT_KEY'] as const;
  const authnetMode = resolveAuthnetMode(env);
  if (authnetMode === 'authorize.net') {
    for (const key of authnetKeys) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when AUTHNET_MODE is authorize.net' });
    }
  }
  // A production server that silently took payments with the simulator would take no money at
  // all: without real gateway credentials it starts only when the operator chose the simulator.
  if (env.NODE_ENV === 'production' && !env.AUTHNET_MODE && authnetMode === 'simulator') {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTHNET_MODE'],
      message:
        'NODE_ENV=production needs Authorize.Net credentials (AUTHNET_API_LOGIN_ID, AUTHNET_TRANSACTION_KEY, AUTHNET_CLIENT_KEY); set AUTHNET_MODE=simulator to run the local payment simulator instead (it takes no real payments)',
    });
  }
  if (authnetMode === 'simulator') {
    // The simulator's merchant credentials guard every member's saved cards: scaled replicas
    // must share them and nothing may default them (embedded mode generates them per install).
    const set = authnetKeys.filter((key) => env[key]).length;
    if (env.DATABASE_URL && set === 0) {
      for (const key of authnetKeys)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required in scaled mode with AUTHNET_MODE=simulator (random values, the same on every replica)',
        });
    } else if (set !== 0 && set !== authnetKeys.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTHNET_API_LOGIN_ID'],
        message: 'set AUTHNET_API_LOGIN_ID, AUTHNET_TRANSACTION_KEY and AUTHNET_CLIENT_KEY together',
      });
    }
    if (env.AUTHNET_TRANSACTION_KEY && env.AUTHNET_TRANSACTION_KEY.length < 16) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTHNET_TRANSACTION_KEY'],
        message: 'must be at least 16 characters for the simulator',
      });
    }
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({
      code: 'custom',
      path: ['ADMIN_PASSWORD'],
      message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
    });
  }
}).transform((env) => {
  const mode = env.DATABASE_URL ? ('scaled' as const) : ('embedded' as const);
  const metricsPort = env.METRICS_PORT ?? (mode === 'scaled' ? DEFAULT_METRICS_PORT : undefined);
  return {
    ...env,
    DATA_DIR: resolveDataDir(env.DATA_DIR),
    // Demo data is for trying the vault out: a production install gets it only when asked.
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    mode,
    authnetMode: resolveAuthnetMode(env),
    mailLinksRedacted: mailLinksRedacted(env),
    /** Where /metrics listens, or null for no listener. */
    metrics: env.METRICS_ENABLED && metricsPort !== undefined ? { host: env.METRICS_HOST, port: metricsPort } : null,
  };
});

/** The payment gateway in use: AUTHNET_MODE, else the real one when its credentials are set. */
function resolveAuthnetMode(env: { AUTHNET_MODE?: 'simulator' | 'authorize.net'; AUTHNET_API_LOGIN_ID?: string }) {
  return env.AUTHNET_MODE ?? (env.AUTHNET_API_LOGIN_ID ? 'authorize.net' : 'simulator');
}

export type ApiEnv = z.output<typeof ApiEnvSchema>;

export function loadApiEnv(source: Record<string, string | undefined> = process.env): ApiEnv {
  return parseEnv(ApiEnvSchema, withLogFormatDefault(source));
}
