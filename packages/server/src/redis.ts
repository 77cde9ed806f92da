import { Redis } from 'ioredis';

/**
 * One place to open Redis. maxRetriesPerRequest: null is what BullMQ workers require, and for a
 * live system we would rather wait for Redis to return than fail a command mid-show.
 * lazyConnect + connect() makes an unreachable Redis fail start-up loudly instead of retrying forever.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: name,
    lazyConnect: true,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at ${redactUrl(url)} is unreachable: ${(error as Error).message}`);
  }
  return redis;
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
