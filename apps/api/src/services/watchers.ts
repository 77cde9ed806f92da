import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const FRESH_MS = 6000;

/**
 * How many members have the show screen open, across every instance: each instance counts the
 * members with a socket open to it and, when scaled, reports the count to a Redis hash every couple of seconds; the
 * total is the sum of the fresh reports (an instance that died stops counting after 6 s).
 */
export function createWatcherCount(redis: Redis | null, prefix: string) {
  const instance = randomUUID();
  const key = `${prefix}:watchers`;
  /** member id → their open show screens here; a member with two tabs is one watcher. */
  const screens = new Map<string, number>();
  const local = () => screens.size;

  return {
    join(userId: string) {
      screens.set(userId, (screens.get(userId) ?? 0) + 1);
    },
    leave(userId: string) {
      const left = (screens.get(userId) ?? 1) - 1;
      if (left > 0) screens.set(userId, left);
      else screens.delete(userId);
    },
    /** Publishes this instance's count (scaled) and returns the total. */
    async total(): Promise<number> {
      if (!redis) return local();
      const now = Date.now();
      await redis.hset(key, instance, `${local()}:${now}`);
      const reports = await redis.hgetall(key);
      let sum = 0;
      const stale: string[] = [];
      for (const [field, value] of Object.entries(reports)) {
        const [count, at] = value.split(':').map(Number);
        if (now - (at ?? 0) > FRESH_MS) stale.push(field);
        else sum += count ?? 0;
      }
      if (stale.length) await redis.hdel(key, ...stale);
      return sum;
    },
    async close() {
      await redis?.hdel(key, instance).catch(() => undefined);
    },
  };
}
