import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUMAN_FLOOR_DEFAULT_MS } from '@vault/contracts';
import { pushEnv, pushRules } from '@vault/notify';
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
import { trustProxyEnv } from './platform/trust-proxy';

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

/** Read by docs/configuration.md (`pnpm docs:config`): the three Authorize.Net credentials share it. */
const AUTHNET_CREDENTIAL =
  'Authorize.Net credentials. All three are required in real mode, and in scaled simulator mode (random values, the same on every replica; transaction key ≥ 16 characters). Embedded simulator mode generates them into DATA_DIR/secrets.json.';

/** Every variable the API reads; docs/configuration.md is generated from their descriptions. */
export const ApiEnvObject = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      'production turns on the production rules: PUBLIC_URL required, email and payment choices explicit, no demo data unless SEED_DEMO=true (docs/security.md).',
    ),
  HOST: z.string().default('0.0.0.0').describe('Interface to listen on.'),
  PORT: envPort.default(3000).describe('HTTP port: the SPA, /api and /socket.io.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      'The app’s own origin, for emailed links and Origin checks. Required in production; unset elsewhere: http://localhost:$PORT.',
    ),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe(
      'Embedded mode: PGlite data and the generated secrets.json (session secret, demo admin password, the simulator’s credentials, the Web Push keys). A relative path is taken from the repository root, so pnpm start and pnpm dev share one. pnpm reset-demo deletes it.',
    ),
  DATABASE_URL: postgresUrl
    .optional()
    .describe('Scaled mode: PostgreSQL URL. Set it together with REDIS_URL; set neither for embedded mode.'),
  MIGRATION_DATABASE_URL: postgresUrl
    .optional()
    .describe(
      'Scaled mode: the role that runs migrations at start (it owns the schema). Unset: DATABASE_URL’s role. docker-compose migrates as vault_owner and runs as vault_app.',
    ),
  DB_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('Scaled mode: PostgreSQL connections per API process.'),
  REDIS_URL: redisUrl.optional().describe('Scaled mode: Redis URL. Set it together with DATABASE_URL.'),
  REDIS_PREFIX: redisPrefix
    .default('vault')
    .describe('Scaled mode: namespace for Redis keys, channels and queues; the same on the API and the workers.'),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'At least 32 characters. Required in scaled mode, and the same on every replica; embedded mode generates one into DATA_DIR/secrets.json.',
    ),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .describe(
      'With ADMIN_PASSWORD, at every start: create that admin, or promote it and reset its password. Embedded mode without them creates admin@vault.local; production without them has no admin (a warning says so). Once ADMIN_EMAIL names another account, an earlier admin@vault.local is demoted: a customer with no password, its sessions ended everywhere.',
    ),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .optional()
    .describe('The password ADMIN_EMAIL’s account gets at every start; set the two together.'),
  SEED_DEMO: envBoolean
    .optional()
    .describe(
      'Seed the demo show and test products on the first start. Unset: true, except in production. Production seeds, and makes a demo admin, only when this is true (its password is never printed there: it is in DATA_DIR/secrets.json).',
    ),
  SERVE_WEB: envBoolean
    .default(true)
    .describe('Serve the built SPA from WEB_DIST (pnpm dev sets false: Vite serves it from source).'),
  WEB_DIST: z.string().default(defaultWebDist).describe('Where the built SPA is.'),
  /** false, a hop count, or proxy addresses/CIDRs (platform/trust-proxy.ts); `true` means 1 hop. */
  TRUST_PROXY: trustProxyEnv
    .default(false)
    .describe(
      'Which X-Forwarded-For hops to believe for the client address (rate limits key on it): false (none: direct exposure), a hop count (1 = the one proxy in front; only safe when nothing but the proxies can reach the app), or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.2,172.18.0.0/16). true means 1, never “trust every hop”, which would let clients pick their own address.',
    ),
  LOG_LEVEL: logLevel.default('info').describe('How much is logged; silent logs nothing.'),
  LOG_FORMAT: logFormat
    .default('json')
    .describe(
      'json (one object per line) or pretty (pino-pretty). Unset: pretty when NODE_ENV=development is set (pnpm dev sets it), else json.',
    ),
  ...mailEnv,
  ...pushEnv,
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      'Google sign-in (GET /api/auth/google), with GOOGLE_CLIENT_SECRET. Unset: the login screen says “Google sign-in is not available”. Register PUBLIC_URL/api/auth/google/callback as the redirect URI.',
    ),
  GOOGLE_CLIENT_SECRET: z
    .string()
    .optional()
    .describe('Google sign-in’s client secret; set together with GOOGLE_CLIENT_ID.'),
  GOOGLE_ISSUER_URL: z
    .url()
    .default('https://accounts.google.com')
    .describe('Google’s OIDC issuer. Tests point it at a local OIDC server.'),
  OIDC_ISSUER_URL: z
    .url()
    .optional()
    .describe(
      'The external login (GET /api/login, through discovery); set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. Register PUBLIC_URL/api/auth/oidc/callback.',
    ),
  OIDC_CLIENT_ID: z.string().optional().describe('The external login’s client id (see OIDC_ISSUER_URL).'),
  OIDC_CLIENT_SECRET: z.string().optional().describe('The external login’s client secret (see OIDC_ISSUER_URL).'),
  AUTHNET_MODE: z
    .enum(['simulator', 'authorize.net'])
    .optional()
    .describe(
      'Which payment gateway to use (docs/payments.md). Unset: simulator without AUTHNET_API_LOGIN_ID, else authorize.net. With NODE_ENV=production and no AUTHNET_API_LOGIN_ID the API refuses to start unless AUTHNET_MODE=simulator is set.',
    ),
  AUTHNET_ENV: z
    .enum(['sandbox', 'production'])
    .default('sandbox')
    .describe('Sandbox or production Authorize.Net (real mode).'),
  AUTHNET_API_LOGIN_ID: z.string().optional().describe(AUTHNET_CREDENTIAL),
  AUTHNET_TRANSACTION_KEY: z.string().optional().describe(AUTHNET_CREDENTIAL),
  AUTHNET_CLIENT_KEY: z.string().optional().describe(AUTHNET_CREDENTIAL),
  AUTHNET_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('How long a gateway call may take before it counts as a timeout.'),
  SHUTDOWN_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10_000)
    .describe(
      'On SIGTERM: how long the replica may drain (half of it) and finish in-flight requests before it exits anyway.',
    ),
  /**
   * A container's address stops answering the moment its process exits: a proxy that still sends
   * it new connections then waits out its connect timeout (2 s) instead of being refused at once
   * and retrying elsewhere. Staying up this long after the listener closed keeps the refusals fast
   * until the proxy's health check has taken the replica out.
   */
  DRAIN_HOLD_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30_000)
    .default(0)
    .describe(
      "On SIGTERM: the least time the replica stays up, refusing new connections, after its listener closed (within the drain's half of SHUTDOWN_DEADLINE_MS); set it above the proxy's time to mark a server down. 0 outside containers, where a closed port is refused by the kernel after the exit too.",
    ),
  MINIMUM_BUYER_AGE: z.coerce
    .number()
    .int()
    .min(0)
    .max(120)
    .default(18)
    .describe(
      'The youngest a member may be to join and buy (onboarding asks the date of birth). Rules may ask more for some classes or destinations; none may ask less.',
    ),
  SHIP_FROM_STATE: z
    .string()
    .regex(/^[A-Z]{2}$/, 'a two-letter state code')
    .default('TX')
    .describe(
      "The two-letter state parcels ship from: a rule for 'interstate' destinations applies to every other state.",
    ),
  SHIP_BY_BUSINESS_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(20)
    .default(2)
    .describe("A package's ship-by day: this many business days (Monday to Friday) after its show ended."),
  RETURN_WINDOW_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(30)
    .describe('How many days after delivery a member may ask to return an item; 0 takes no return requests.'),
  AUTHORIZATION_WARNING_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(29)
    .default(5)
    .describe(
      'The Fulfillment area flags a package this many days before its oldest authorisation lapses (the gateway holds one for 30 days).',
    ),
  HUMAN_FLOOR_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(HUMAN_FLOOR_DEFAULT_MS)
    .describe(
      'Milliseconds: a Buy press (or draw entry) that arrives sooner than this after the item’s reveal reached the member, net of their measured link delay, is flagged in the show report as faster than a person. 0 flags nothing.',
    ),
  AUTHNET_SIM_SETTLEMENT_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM (UTC)')
    .default('23:00')
    .describe(
      "The simulator's daily batch: captures made before this time (UTC) settle at it, as Authorize.Net's transaction cut-off does; refunds need a settled capture.",
    ),
  /**
   * Prometheus GET /metrics on a listener of its own, never the public port (the proxy fronts only
   * PORT, so members cannot read it). Loopback by default; a container sets 0.0.0.0 so Prometheus
   * can reach it. METRICS_PORT=0 takes any free port (logged); METRICS_ENABLED=false opens none.
   * Unset METRICS_PORT: 9464 in scaled mode; none in embedded mode, where no Prometheus scrapes and a
   * second fixed port would only make two vaults on one machine collide.
   */
  METRICS_ENABLED: envBoolean.default(true).describe('false opens no metrics listener.'),
  METRICS_HOST: z
    .string()
    .default('127.0.0.1')
    .describe('Interface of the Prometheus GET /metrics listener, never the public port. docker-compose sets 0.0.0.0.'),
  METRICS_PORT: envPort
    .optional()
    .describe(
      'Port of that listener; 0 = any free port (logged at start). Unset: 9464 in scaled mode, none in embedded mode.',
    ),
});

/** Scaled mode's metrics port when METRICS_PORT is unset: deploy/prometheus.yml scrapes it. */
const DEFAULT_METRICS_PORT = 9464;

export const ApiEnvSchema = ApiEnvObject.superRefine((env, ctx) => {
  mailRules(env, ctx);
  pushRules(env, ctx, { scaled: Boolean(env.DATABASE_URL) });
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
