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
  /** Unset: emails are written to the log instead (local use; production must choose it, see mailRules). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      'The mail server for every email (verification, reset, receipts, show reminders; the API sends them in embedded mode, the workers in scaled mode). Unset outside production: each email is written to the server log with working links. Production refuses to start without it unless MAIL_TRANSPORT=log.',
    ),
  /**
   * smtp (needs SMTP_URL) or log. Unset: smtp when SMTP_URL is set, else log — except in
   * production, which must name `log` to run without SMTP (and then logs links without tokens).
   */
  MAIL_TRANSPORT: z
    .enum(['smtp', 'log'])
    .optional()
    .describe(
      'Unset: smtp with SMTP_URL, else log outside production. In production, log is the explicit choice to send no email: each one is logged with every link’s query and fragment shown as [redacted], and a warning is logged at every start.',
    ),
  MAIL_FROM: z
    .string()
    .default('The Vault <no-reply@vault.local>')
    .describe(
      'Sender of every email. Return emails ask members to reply (for the return address, with a question), so in production make it an inbox someone reads.',
    ),
  /** How long before a show's launch the first reminder email goes (the second goes at launch). */
  REMINDER_LEAD_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(REMINDER_LEAD_MINUTES * 60)
    .describe(
      'How long before a show’s launch the first reminder email goes (the second goes at launch). The same value on the API and the workers.',
    ),
};

interface MailRulesInput {
  NODE_ENV: 'development' | 'production' | 'test';
  SMTP_URL?: string;
  MAIL_TRANSPORT?: 'smtp' | 'log';
  PUBLIC_URL?: string;
}

/**
 * The API's and the worker's shared refusals about email. A production vault without SMTP would
 * write every reset link to its log, so whoever reads the log (a log shipper, a support desk) could
 * take any account over, the admin's first: it starts only when the operator chose the log, and
 * then the links are logged without their tokens (mailLinksRedacted). Without PUBLIC_URL every
 * emailed link would name localhost.
 */
export function mailRules(env: MailRulesInput, ctx: z.RefinementCtx): void {
  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: 'smtp needs SMTP_URL' });
  }
  if (env.MAIL_TRANSPORT === 'log' && env.SMTP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_TRANSPORT'],
      message: 'log writes emails to the log instead of sending them: unset SMTP_URL, or set MAIL_TRANSPORT=smtp',
    });
  }
  if (env.NODE_ENV !== 'production') return;
  if (!env.SMTP_URL && env.MAIL_TRANSPORT !== 'log') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'NODE_ENV=production sends email through SMTP_URL (verification, password resets, receipts); set MAIL_TRANSPORT=log to write emails to the log instead (their links without tokens: no one can verify or reset by email then)',
    });
  }
  if (!env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'is required in production (the origin emailed links point to, e.g. https://vault.example.com)',
    });
  }
}

/** Whether logged emails lose their links' tokens: always in production, never elsewhere (`pnpm dev` follows them). */
export function mailLinksRedacted(env: Pick<MailRulesInput, 'NODE_ENV'>): boolean {
  return env.NODE_ENV === 'production';
}

/** The warning a production vault logs at every start while its emails go to the log. */
export function mailLogWarning(env: Pick<MailRulesInput, 'NODE_ENV' | 'SMTP_URL'>): string | null {
  if (env.NODE_ENV !== 'production' || env.SMTP_URL) return null;
  return "MAIL_TRANSPORT=log in production: no email is sent (no verification, password reset, receipt or reminder reaches anyone); they are logged with their links' tokens redacted. Set SMTP_URL to send them.";
}
