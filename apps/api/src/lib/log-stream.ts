import { type LogFormat, prettyLogOptions } from '@vault/server';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/** Where logs go: undefined keeps pino's JSON on stdout; pretty goes through pino-pretty. */
export function logStream(format: LogFormat): DestinationStream | undefined {
  return format === 'pretty' ? pretty(prettyLogOptions) : undefined;
}
