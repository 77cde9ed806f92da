import { Redis } from 'ioredis';
import { TEST_REDIS_URL, uniqueId } from './services';

export interface TestRedis {
  redis: Redis;
  /** Key/channel prefix owned by this test; everything under it is deleted on dispose. */
  prefix: string;
  dispose(): Promise<void>;
}

export async function openTestRedis(): Promise<TestRedis> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: null });
  await redis.connect();
  const prefix = uniqueId('test');
  return {
    redis,
    prefix,
    async dispose() {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
