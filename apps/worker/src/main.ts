import { migrateAsOwner, migrateToLatest, openDatabase } from '@vault/db';
import { connectRedis, EnvError, logStream, mailLogWarning, onShutdown, redactUrl } from '@vault/server';
import { pino } from 'pino';
import { startWorkerBackground } from './background';
import { loadWorkerEnv } from './env';
import { type HealthServer, startHealthServer } from './health';
import { createWorkerMetrics } from './metrics';

async function main() {
  // How long each part of the start took, in ms since the process started (logged with 'worker
  // started'): a worker slow to come back leaves a live show's overdue step waiting that long.
  const startMs: Record<string, number> = {};
  const mark = (part: string) => {
    startMs[part] = Math.round(performance.now());
  };
  mark('loaded');
  const env = loadWorkerEnv();
  const log = pino({ level: env.LOG_LEVEL, base: { service: 'worker' } }, logStream(env.LOG_FORMAT));
  const mailWarning = mailLogWarning(env);
  if (mailWarning) log.warn(mailWarning);

  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE });
  await database.ping().catch((error: Error) => {
    throw new Error(`Postgres at ${redactUrl(env.DATABASE_URL)} is unreachable: ${error.message}`);
  });
  // API and worker may start together; Kysely's migrator takes an advisory lock, so this is safe.
  // As the schema's owner when DATABASE_URL's role may only read and write rows.
  if (env.MIGRATION_DATABASE_URL) await migrateAsOwner(env.MIGRATION_DATABASE_URL);
  await migrateToLatest(database);
  mark('database');
  const redis = await connectRedis(env.REDIS_URL, 'vault-worker', log);
  mark('redis');

  // Before the clock, so the lateness of an overdue transition it moves at once is counted.
  const metrics = createWorkerMetrics();
  const background = await startWorkerBackground({
    db: database.db,
    redis,
    env,
    log,
    onTransition: metrics.transition,
    onStarted: mark,
  });
  const { clock, notifications, maintenance } = background;
  metrics.watchQueue('clock', clock.queue, clock.worker);
  metrics.watchQueue('notifications', notifications.queue, notifications.worker);
  metrics.watchQueue('maintenance', maintenance.queue, maintenance.worker);
  // Last, so a probe that answers means the worker is running, not merely starting.
  const health: HealthServer | null =
    env.WORKER_HEALTH_PORT > 0
      ? await startHealthServer({
          port: env.WORKER_HEALTH_PORT,
          probes: { database: () => database.ping(), redis: () => redis.ping() },
          metrics: metrics.registry,
        })
      : null;
  mark('ready');
  log.info({ prefix: env.REDIS_PREFIX, healthPort: health?.port ?? null, startMs }, 'worker started');

  onShutdown(
    [
      // First: a worker on its way out no longer reports healthy.
      async () => health?.close(),
      // close() waits for running jobs; onShutdown's deadline bounds it.
      ...background.closers,
      async () => redis.disconnect(),
      () => database.close(),
    ],
    { deadlineMs: env.SHUTDOWN_DEADLINE_MS, log: (msg) => log.info(msg) },
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof EnvError ? error.message : `Worker failed to start: ${(error as Error).stack ?? error}`,
  );
  process.exit(1);
});
