import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The one lock of the cluster's background work: whether this replica takes this period's turn of
 * a once-per-period task (a reconciler pass, a watcher sample). `SET key value NX PX ttl`: the
 * first replica to ask holds the turn until the key expires, which is how every such lock ends (a
 * period's work is never handed back early). Embedded, there is no other replica: always our turn.
 * The value names the holder (process id and a random part) for a person reading Redis.
 */
export async function takeTurn(redis: Redis | null, key: string, ttlMs: number): Promise<boolean> {
  if (!redis) return true;
  return (await redis.set(key, `${process.pid}:${randomUUID()}`, 'PX', ttlMs, 'NX')) === 'OK';
}
