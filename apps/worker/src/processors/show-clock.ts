import { createRedisBus } from '@vault/bus';
import { ClockJob, clockQueueName } from '@vault/contracts';
import type { Database } from '@vault/db';
import { createQueueScheduler, createShowDriver } from '@vault/engine';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

export interface ShowClockDeps {
  db: Kysely<Database>;
  redis: Redis;
  prefix: string;
  log: Logger;
  concurrency?: number;
}

/**
 * The authoritative show clock when scaled. Each transition is one delayed job
 * (`advance-<showId>-<step>-<dueAt>`); the handler re-reads the show in a transaction and applies the
 * transition only if it is still due and still at that step, arms the next job, and publishes
 * the change. Short locks and a short stalled check let another worker take over within ~3 s
 * when one dies; a starting worker re-arms every running or scheduled show.
 */
export async function startShowClock(deps: ShowClockDeps) {
  const bus = createRedisBus(deps.redis, { prefix: deps.prefix });
  const scheduler = createQueueScheduler(deps.redis, deps.prefix);
  const driver = createShowDriver({ db: deps.db, bus, scheduler });
  const worker = new Worker<ClockJob>(
    clockQueueName,
    async (job: Job<ClockJob>) => {
      const { showId, step } = ClockJob.parse(job.data);
      const result = await driver.wake(showId, step);
      return { changed: result.ok && result.changed };
    },
    {
      connection: deps.redis,
      prefix: deps.prefix,
      concurrency: deps.concurrency ?? 16,
      lockDuration: 5000,
      stalledInterval: 1500,
      maxStalledCount: 10,
    },
  );
  worker.on('failed', (job, error) => deps.log.error({ err: error, jobId: job?.id }, 'show clock job failed'));
  await worker.waitUntilReady();
  const rearmed = await driver.rearmAll();
  deps.log.info({ rearmed }, 'show clock started');
  return {
    worker,
    driver,
    async close() {
      await worker.close();
      await scheduler.close();
      await bus.close();
    },
  };
}
