import { z } from 'zod';

/** LOG_FORMAT: one JSON object per line (what log shippers read), or pino-pretty's coloured lines. */
export const logFormat = z.enum(['json', 'pretty']);
export type LogFormat = z.output<typeof logFormat>;

/**
 * LOG_FORMAT's default, decided on the raw environment: NODE_ENV itself defaults to development,
 * so only a NODE_ENV=development someone actually set (as `pnpm dev` does) turns pretty logs on;
 * a bare `pnpm start` and every image keep JSON.
 */
export function withLogFormatDefault(source: Record<string, string | undefined>): Record<string, string | undefined> {
  if (source.LOG_FORMAT) return source;
  return { ...source, LOG_FORMAT: source.NODE_ENV === 'development' ? 'pretty' : 'json' };
}

/**
 * pino-pretty's options for both apps. Synchronous, so the last lines before a crash or exit are
 * written; colours only on a terminal. Each emailed link (services/mailer.ts) gets a line of its own.
 */
export const prettyLogOptions = {
  sync: true,
  colorize: Boolean(process.stdout.isTTY),
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
} as const;
