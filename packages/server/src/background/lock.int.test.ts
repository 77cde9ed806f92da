import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryLock } from './lock';

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
    const first = await tryLock(redis, k, 5_000);
    expect(first).not.toBeNull();
    expect(await tryLock(redis, k, 5_000)).toBeNull();
    expect(await redis.get(k)).toBe(first?.token);
    expect(first?.token).toMatch(new RegExp(`^${process.pid}:`));
    const ttl = await redis.pttl(k);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('is released by its holder, and can then be taken again', async () => {
    const k = key();
    const lock = await tryLock(redis, k, 5_000);
    expect(await lock?.release()).toBe(true);
    expect(await redis.exists(k)).toBe(0);
    expect(await lock?.release()).toBe(false);
    expect(await tryLock(redis, k, 5_000)).not.toBeNull();
  });

  it('expires by itself: a period lock needs no release', async () => {
    const k = key();
    expect(await tryLock(redis, k, 50)).not.toBeNull();
    // PX is enforced by Redis: wait for the key to be gone, then take it again.
    while ((await redis.exists(k)) === 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await tryLock(redis, k, 50)).not.toBeNull();
  });

  it('is never released or renewed by a holder it expired from, once another has it', async () => {
    const k = key();
    const stale = await tryLock(redis, k, 5_000);
    // The first holder's lock expired and another replica took it.
    await redis.del(k);
    const current = await tryLock(redis, k, 5_000);
    expect(current).not.toBeNull();
    expect(await stale?.release()).toBe(false);
    expect(await stale?.renew(60_000)).toBe(false);
    expect(await redis.get(k)).toBe(current?.token);
    expect(await redis.pttl(k)).toBeLessThanOrEqual(5_000);
  });

  it('is renewed by its holder', async () => {
    const k = key();
    const lock = await tryLock(redis, k, 1_000);
    expect(await lock?.renew(60_000)).toBe(true);
    expect(await redis.pttl(k)).toBeGreaterThan(50_000);
  });
});
