import { MaintenanceJob, queueNames } from '@vault/contracts';
import type { Database } from '@vault/db';
import { PRUNE_SESSIONS_EVERY_MS, pruneExpiredSessions, quietRedisErrors } from '@vault/server';
import { type ConnectionOptions, type Job, Queue, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

export interface MaintenanceDeps {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  prefix: string;
  log: Logger;
}

export async function handleMaintenanceJob(job: MaintenanceJob, deps: Pick<MaintenanceDeps, 'db' | 'log'>) {
  switch (job.type) {
    case 'prune-sessions': {
      const count = await pruneExpiredSessions(deps.db, new Date());
      if (count > 0) deps.log.info({ count }, 'pruned expired sessions');
      return { count };
    }
  }
}

/**
 * The maintenance queue: periodic housekeeping that must run once across all replicas.
 * The scheduler is upserted by every worker at start; BullMQ keeps a single one per id.
 */
export async function startMaintenance(deps: MaintenanceDeps) {
  const queue = new Queue<MaintenanceJob>(queueNames.maintenance, { connection: deps.connection, prefix: deps.prefix });
  await queue.upsertJobScheduler(
    'prune-sessions',
    { every: PRUNE_SESSIONS_EVERY_MS },
    { name: 'prune-sessions', data: { type: 'prune-sessions' }, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  const worker = new Worker<MaintenanceJob>(
    queueNames.maintenance,
    async (job: Job<MaintenanceJob>) => handleMaintenanceJob(MaintenanceJob.parse(job.data), deps),
    { connection: deps.connection, prefix: deps.prefix, concurrency: 1 },
  );
  // A Redis outage is logged once by its connection; these would print each failed retry.
  quietRedisErrors(queue, 'maintenance queue', deps.log);
  quietRedisErrors(worker, 'maintenance worker', deps.log);
  worker.on('failed', (job, error) => deps.log.error({ err: error, jobId: job?.id }, 'maintenance job failed'));
  await worker.waitUntilReady();
  return { queue, worker };
}
