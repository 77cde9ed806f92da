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
  withLogFormatDefault,
} from '@vault/server';
import { z } from 'zod';

/** Every variable the worker reads. The worker exists only in scaled mode: both URLs are required. */
export const WorkerEnvObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: postgresUrl,
  /** The role migrations run as at start (the schema's owner); unset: DATABASE_URL's role. */
  MIGRATION_DATABASE_URL: postgresUrl.optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: redisPrefix.default('vault'),
  LOG_LEVEL: logLevel.default('info'),
  /** json, or pretty (pino-pretty); default pretty only when NODE_ENV=development is set (loadWorkerEnv). */
  LOG_FORMAT: logFormat.default('json'),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1000).default(10_000),
  /**
   * GET /health on this port answers whether Postgres and Redis do; 0 = no health server. Off by
   * default so several workers can run on one host (dev, tests); the image turns it on (3001).
   */
  WORKER_HEALTH_PORT: envPort.default(0),
  /**
   * Receipts and show reminders go out through SMTP_URL (unset: they are written to the log; in
   * production only with MAIL_TRANSPORT=log, and then without their links' tokens).
   */
  ...mailEnv,
  /**
   * The API's public origin: the links in emails point there. The same value as the API's;
   * required in production, elsewhere http://localhost:3000.
   */
  PUBLIC_URL: z.url().optional(),
  /** How often the worker looks for emails that are due (retries, rows whose job was lost). */
  NOTIFY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export const WorkerEnvSchema = WorkerEnvObject.superRefine((env, ctx) => mailRules(env, ctx)).transform((env) => ({
  ...env,
  PUBLIC_URL: env.PUBLIC_URL ?? 'http://localhost:3000',
  mailLinksRedacted: mailLinksRedacted(env),
}));
export type WorkerEnv = z.output<typeof WorkerEnvSchema>;

export function loadWorkerEnv(source: Record<string, string | undefined> = process.env): WorkerEnv {
  return parseEnv(WorkerEnvSchema, withLogFormatDefault(source));
}
