import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** When the window resets, for Retry-After and the message. */
  retryAfterMs: number;
}

/** Fixed-window counters. Shared through Redis when scaled, so a limit holds across API replicas. */
export interface RateLimiter {
  /** Counts an attempt, and says whether it is still within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Says whether another attempt would be within the limit, without counting one. */
  check(key: string, limit: number): Promise<RateLimitResult>;
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
  };
}

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
  };
}
