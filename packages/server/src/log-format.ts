import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
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
 * written; colours only on a terminal. Each emailed link (notifications/mailer.ts) gets a line of its own.
 */
const prettyLogOptions = {
  sync: true,
  colorize: Boolean(process.stdout.isTTY),
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
} as const;

/**
 * Where an app's logs go: stdout (undefined keeps pino's own) or `destination`, as JSON or through
 * pino-pretty — with no colours into a destination that is not the terminal.
 */
export function logStream(format: LogFormat, destination?: DestinationStream): DestinationStream | undefined {
  if (format === 'json') return destination;
  return pretty(destination ? { ...prettyLogOptions, colorize: false, destination } : prettyLogOptions);
}
