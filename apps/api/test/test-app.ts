import { createMemoryBus, createRedisBus, type EventBus } from '@vault/bus';
import { type Backend, openTestDatabase, openTestRedis, type TestDatabase, type TestRedis } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/plugins/infrastructure';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  redis: TestRedis | null;
  bus: EventBus;
  close(): Promise<void>;
}

/**
 * The app on a fresh database: PGlite with the in-process bus (embedded), or real Postgres with
 * real Redis (scaled). `prepare` runs before ready(), so a test can add routes.
 */
export async function buildTestApp(
  backend: Backend,
  options: { config?: Partial<AppConfig>; prepare?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  const redis = backend === 'postgres' ? await openTestRedis() : null;
  const bus = redis ? createRedisBus(redis.redis, { prefix: redis.prefix }) : createMemoryBus();
  const config: AppConfig = {
    mode: backend === 'postgres' ? 'scaled' : 'embedded',
    publicUrl: 'http://localhost:3000',
    serveWeb: false,
    webDist: '',
    ...options.config,
  };
  const app = await buildApp({ database, redis: redis?.redis ?? null, bus, config }, { logLevel: 'silent' });
  options.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    redis,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await redis?.dispose();
      await database.dispose();
    },
  };
}
