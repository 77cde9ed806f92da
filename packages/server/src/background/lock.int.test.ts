import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurn } from './lock';

describe('the background lock on the real Redis', () => {
  let redis: Redis;
  const prefix = `test-lock-${randomUUID()}`;
  let n = 0;
  const key = () => `${prefix}:${++n}`;

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('is taken by one holder at a time, with the TTL asked for', async () => {
    const k = key();
    expect(await takeTurn(redis, k, 5_000)).toBe(true);
    expect(await takeTurn(redis, k, 5_000)).toBe(false);
    expect(await redis.get(k)).toMatch(new RegExp(`^${process.pid}:`));
    const ttl = await redis.pttl(k);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('expires by itself: a period lock needs no release', async () => {
    const k = key();
    expect(await takeTurn(redis, k, 50)).toBe(true);
    // PX is enforced by Redis: wait for the key to be gone, then take it again.
    while ((await redis.exists(k)) === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await takeTurn(redis, k, 50)).toBe(true);
  });

  it('is always our turn without Redis (embedded: no other replica)', async () => {
    expect(await takeTurn(null, key(), 5_000)).toBe(true);
    expect(await takeTurn(null, key(), 5_000)).toBe(true);
  });
});
