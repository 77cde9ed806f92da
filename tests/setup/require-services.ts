import { TEST_DATABASE_URL, TEST_REDIS_URL } from '@vault/testing';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Integration tests run against real PostgreSQL and Redis. If either is unreachable the whole run
 * fails here, loudly — it never quietly skips the suites that need them.
 */
export default async function requireServices() {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    problems.push(`PostgreSQL at ${TEST_DATABASE_URL}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    problems.push(`Redis at ${TEST_REDIS_URL}: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
  if (problems.length > 0) {
    throw new Error(
      `Integration tests need real services (set DATABASE_URL / REDIS_URL to point elsewhere):\n  ${problems.join('\n  ')}`,
    );
  }
}
