import { REMINDER_LEAD_MINUTES } from '@vault/contracts';
import { z } from 'zod';

/** Thrown at boot when the environment is wrong; main() prints it once and exits non-zero. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once, reporting every problem together rather than the first. */
export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.output<S> {
  // An empty variable means "not set": `FOO= node app` should fall back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${describe(i)}`));
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.message.endsWith('received undefined')) return 'is required';
    if (issue.expected === 'number') return 'must be a number';
  }
  return issue.message;
}

/** "true"/"false"/"1"/"0"/"yes"/"no" → boolean. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envPort = z.coerce.number().int().min(0).max(65535);

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

export const redisUrl = z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL');

/** Redis key/channel namespace: no ':' (BullMQ uses it as its separator). */
export const redisPrefix = z.string().regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, - and _ only');

/**
 * Email settings the API and the worker both read (the worker sends receipts and reminders in
 * scaled mode): spread into each app's env schema.
 */
export const mailEnv = {
  /** Unset: emails are written to the log instead (local use). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('The Vault <no-reply@vault.local>'),
  /** How long before a show's launch the first reminder email goes (the second goes at launch). */
  REMINDER_LEAD_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(REMINDER_LEAD_MINUTES * 60),
};
