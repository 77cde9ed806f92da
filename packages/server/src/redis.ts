import { isConnectionFailure } from '@vault/db';
import { Redis } from 'ioredis';

/** What a Redis connection logs through: pino's logger and Fastify's both fit. */
export interface ConnectionLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * One place to open Redis. maxRetriesPerRequest: null is what BullMQ workers require, and for a
 * live system we would rather wait for Redis to return than fail a command mid-show.
 * lazyConnect + connect() makes an unreachable Redis fail start-up loudly instead of retrying forever.
 * Once connected, its outages are logged through `log` (see reportRedisOutages).
 */
export async function connectRedis(url: string, name: string, log: ConnectionLog): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
  });
  // connect() rejects with the same error, and start-up reports it below: not twice.
  const quiet = () => {};
  redis.on('error', quiet);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${redactUrl(url)} is unreachable: ${(error as Error).message}`);
  } finally {
    redis.off('error', quiet);
  }
  reportRedisOutages(redis, name, log);
  return redis;
}

/**
 * Logs a connection's outages once each: a warn when it is lost (with the error that ended it),
 * an info when it is back (with how long it was gone). ioredis retries after 50 ms, 100 ms, …
 * up to 2 s and, with no 'error' listener, prints "[ioredis] Unhandled error event" and a stack
 * for every failed retry (~20 in a 3 s outage). A duplicate() inherits no listeners: call this for each one.
 */
export function reportRedisOutages(redis: Redis, name: string, log: ConnectionLog): void {
  // 'connecting' until first ready: a failure then is reported too (a duplicate connects lazily).
  let state: 'connecting' | 'up' | 'down' = redis.status === 'ready' ? 'up' : 'connecting';
  let downSince = 0;
  let cause: unknown;
  const lost = (error: unknown, message: string) => {
    state = 'down';
    downSince = Date.now();
    log.warn({ redis: name, err: error }, message);
  };
  redis.on('error', (error: unknown) => {
    if (state === 'connecting') lost(error, 'Redis unreachable; retrying');
    // Up: the socket's error comes just before its close; 'reconnecting' reports it then.
    else if (state === 'up') cause = error;
    // Down: a retry that failed, within the outage already reported.
  });
  // Emitted only when ioredis will retry: a disconnect() of ours is not an outage.
  redis.on('reconnecting', () => {
    if (state !== 'up') return;
    lost(cause, 'Redis connection lost; reconnecting');
    cause = undefined;
  });
  redis.on('ready', () => {
    if (state === 'down') log.info({ redis: name, downMs: Date.now() - downSince }, 'Redis connection back');
    state = 'up';
    cause = undefined;
  });
}

/**
 * BullMQ's queues and workers re-emit their connections' errors, and print each to the console when
 * nothing listens: ~20 lines per Redis outage that reportRedisOutages has already logged once.
 * Those are dropped here; any other error is logged (a job's own failure comes as 'failed', not here).
 */
export function quietRedisErrors(
  emitter: { on(event: 'error', listener: (error: Error) => void): unknown },
  name: string,
  log: ConnectionLog,
): void {
  emitter.on('error', (error) => {
    // ioredis's own word for a command on a connection that is down.
    if (isConnectionFailure(error) || error.message.startsWith('Connection is closed')) return;
    log.warn({ redis: name, err: error }, 'Redis client error');
  });
}

/** A URL fit for logs: the password replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable url)';
  }
}

/** Races a check against a timeout, so a hung dependency reads as down instead of hanging /ready. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
