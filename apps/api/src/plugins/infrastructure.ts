import type { EventBus } from '@vault/bus';
import type { DatabaseHandle } from '@vault/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface AppConfig {
  mode: 'embedded' | 'scaled';
  /** The app's own origin, e.g. http://localhost:3000. */
  publicUrl: string;
  serveWeb: boolean;
  webDist: string;
}

/** What the app is built from: opened by main.ts (or a test), closed by its owner, not by the app. */
export interface AppDeps {
  database: DatabaseHandle;
  redis: Redis | null;
  bus: EventBus;
  config: AppConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
    redis: Redis | null;
    bus: EventBus;
    config: AppConfig;
  }
}

export const infrastructure = fp(
  async (app: FastifyInstance, deps: AppDeps) => {
    app.decorate('database', deps.database);
    app.decorate('db', deps.database.db);
    app.decorate('redis', deps.redis);
    app.decorate('bus', deps.bus);
    app.decorate('config', deps.config);
  },
  { name: 'infrastructure' },
);
