import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Deletes the key only while it still holds our token: a lock that expired and was taken by
 * another replica is theirs, and must not be released by us. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the key only while it still holds our token, for the same reason. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface HeldLock {
  readonly key: string;
  /** Ours alone: the process id (for a person reading Redis) and a random part. */
  readonly token: string;
  /** Holds the lock `ttlMs` more from now; false when it is no longer ours. */
  renew(ttlMs: number): Promise<boolean>;
  /** Lets the lock go now; false when it was no longer ours (expired, taken by another). */
  release(): Promise<boolean>;
}

/**
 * The one Redis lock of the cluster's background work: `SET key token NX PX ttl`. Null when
 * another holder has it. Locks that gate a period (one reconciler pass, one watcher sample per
 * replica set) are simply left to expire; a holder that finishes early may release() it.
 */
export async function tryLock(redis: Redis, key: string, ttlMs: number): Promise<HeldLock | null> {
  const token = `${process.pid}:${randomUUID()}`;
  if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
  return {
    key,
    token,
    async renew(ms) {
      return (await redis.eval(RENEW, 1, key, token, String(ms))) === 1;
    },
    async release() {
      return (await redis.eval(RELEASE, 1, key, token)) === 1;
    },
  };
}
