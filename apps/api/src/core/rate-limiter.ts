import type { Redis } from 'ioredis';
import { AppError } from './app-error';

export interface RateLimitResult {
  allowed: boolean;
  /** When the window resets, for Retry-After and the message. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters on keys the caller names. Shared through Redis when scaled, so a limit
 * holds across API replicas.
 *
 * For limits whose key is known only inside the handler (login failures per account and IP, card
 * attempts per member, reset mails per email); per-IP route limits use @fastify/rate-limit (see
 * platform/rate-limit.ts). Login needs more than that plugin offers: it counts only FAILURES, so a
 * success must give back its hit and CLEAR the (account, IP) counter.
 */
export interface RateLimiter {
  /** Counts an attempt, and says whether it is still within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Says whether another attempt would be within the limit, without counting one. */
  check(key: string, limit: number): Promise<RateLimitResult>;
  /** Forgets a key's count (a successful login clears that account's failures from that IP). */
  reset(key: string): Promise<void>;
  /**
   * Takes back one hit. Login counts an attempt BEFORE checking the password (so a burst of
   * parallel guesses cannot all pass a check made before any of them failed), then gives the
   * hit back when the password was right, or was never checked (the database was down): only
   * failures stay counted.
   */
  release(key: string): Promise<void>;
}

/** Refuses with 429 `{ message, code: 'rate_limited' }` and Retry-After, through the one error handler. */
export function refuseTooMany(retryAfterMs: number, message: string): never {
  throw new AppError(429, 'rate_limited', message, { 'retry-after': Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + windowMs };
        windows.set(key, entry);
        // Keep the map from growing without bound under a spray of distinct keys.
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
        }
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterMs: entry.resetAt - t };
    },
    async check(key, limit) {
      const t = now();
      const entry = windows.get(key);
      if (!entry || entry.resetAt <= t) return { allowed: true, retryAfterMs: 0 };
      return { allowed: entry.count < limit, retryAfterMs: entry.resetAt - t };
    },
    async reset(key) {
      windows.delete(key);
    },
    async release(key) {
      const entry = windows.get(key);
      if (entry && entry.resetAt > now() && entry.count > 0) entry.count -= 1;
    },
  };
}

const RELEASE_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const name = `${prefix}:ratelimit:${key}`;
      // SET NX starts the window once; INCR and PTTL read it in the same round trip.
      const results = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
      const count = Number(results?.[1]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { allowed: count <= limit, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    async check(key, limit) {
      const name = `${prefix}:ratelimit:${key}`;
      const results = await redis.multi().get(name).pttl(name).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[1]?.[1] ?? 0);
      return { allowed: count < limit, retryAfterMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(`${prefix}:ratelimit:${key}`);
    },
    async release(key) {
      // Only a live window: a DECR on an expired key would create a counter with no expiry.
      await redis.eval(RELEASE_SCRIPT, 1, `${prefix}:ratelimit:${key}`);
    },
  };
}
