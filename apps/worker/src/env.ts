import { pushEnv, pushRules, resolveVapidSettings } from '@vault/notify';
import {
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
  SWEEP_OUTBOX_EVERY_MS,
  withLogFormatDefault,
} from '@vault/server';
import { z } from 'zod';

/** Every variable the worker reads. The worker exists only in scaled mode: both URLs are required. */
export const WorkerEnvObject = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('As for the API: production requires PUBLIC_URL and an explicit mail choice.'),
  DATABASE_URL: postgresUrl.describe('PostgreSQL URL.'),
  MIGRATION_DATABASE_URL: postgresUrl
    .optional()
    .describe('As for the API: the role migrations run as at start. Unset: DATABASE_URL’s role.'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5).describe('PostgreSQL connections.'),
  REDIS_URL: redisUrl.describe('Redis URL.'),
  REDIS_PREFIX: redisPrefix.default('vault').describe('Must match the API’s.'),
  LOG_LEVEL: logLevel.default('info').describe('How much is logged; silent logs nothing.'),
  LOG_FORMAT: logFormat
    .default('json')
    .describe('json or pretty. Unset: pretty when NODE_ENV=development is set, else json.'),
  SHUTDOWN_DEADLINE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10_000)
    .describe('How long running jobs may take to finish on SIGTERM.'),
  /**
   * GET /health on this port answers whether Postgres and Redis do; 0 = no health server. Off by
   * default so several workers can run on one host (dev, tests); the image turns it on (3001).
   */
  WORKER_HEALTH_PORT: envPort
    .default(0)
    .describe(
      'GET /health and GET /metrics. /health answers 200 when Postgres and Redis answer within 2 s, else 503 naming what is down. 0 = off; the image sets 3001.',
    ),
  /**
   * Receipts and show reminders go out through SMTP_URL (unset: they are written to the log; in
   * production only with MAIL_TRANSPORT=log, and then without their links' tokens).
   */
  ...mailEnv,
  /** The workers send the pushes in scaled mode: the API's VAPID pair, signed with the same subject. */
  ...pushEnv,
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      'The API’s public origin, for the links in emails (the same value as the API’s). Required in production; unset elsewhere: http://localhost:3000.',
    ),
  NOTIFY_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(SWEEP_OUTBOX_EVERY_MS / 1000)
    .describe('How often due emails (retries, a delivery a crash left behind) are looked for.'),
});

export const WorkerEnvSchema = WorkerEnvObject.superRefine((env, ctx) => {
  mailRules(env, ctx);
  pushRules(env, ctx, { scaled: true });
}).transform((env) => {
  const publicUrl = env.PUBLIC_URL ?? 'http://localhost:3000';
  const push = resolveVapidSettings(env, publicUrl);
  // pushRules refused an environment without the keys; this only tells the type checker.
  if (!push) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required');
  /** push: what the push sender signs with and checks endpoints against. */
  return { ...env, PUBLIC_URL: publicUrl, mailLinksRedacted: mailLinksRedacted(env), push };
});
export type WorkerEnv = z.output<typeof WorkerEnvSchema>;

export function loadWorkerEnv(source: Record<string, string | undefined> = process.env): WorkerEnv {
  return parseEnv(WorkerEnvSchema, withLogFormatDefault(source));
}
