import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const FRESH_MS = 6000;

/**
 * How many members have the show screen open, across every instance: each instance counts its
 * own sockets and, when scaled, reports the count to a Redis hash every couple of seconds; the
 * total is the sum of the fresh reports (an instance that died stops counting after 6 s).
 */
export function createWatcherCount(redis: Redis | null, prefix: string) {
  const instance = randomUUID();
  const key = `${prefix}:watchers`;
  let local = 0;

  return {
    add(delta: number) {
      local = Math.max(0, local + delta);
    },
    local: () => local,
    /** Publishes this instance's count (scaled) and returns the total. */
    async total(): Promise<number> {
      if (!redis) return local;
      const now = Date.now();
      await redis.hset(key, instance, `${local}:${now}`);
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
