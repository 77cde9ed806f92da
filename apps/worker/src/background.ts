import type { Database } from '@vault/db';
import { backgroundIn } from '@vault/server';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { WorkerEnv } from './env';
import { startMaintenance } from './processors/maintenance';
import { type NotificationsDeps, startNotifications } from './processors/notifications';
import { type ShowClockDeps, startShowClock } from './processors/show-clock';

export interface WorkerBackgroundDeps {
  db: Kysely<Database>;
  redis: Redis;
  env: Pick<WorkerEnv, 'REDIS_PREFIX'> & NotificationsDeps['env'];
  log: Logger;
  onTransition?: ShowClockDeps['onTransition'];
}

/**
 * What a worker runs: the registry's scaled work that is a BullMQ queue (the show clock, the
 * notifications, the maintenance queue's session pruning). Every worker runs all of them; BullMQ
 * gives each job to one.
 */
export async function startWorkerBackground(deps: WorkerBackgroundDeps) {
  const background = backgroundIn('worker', 'scaled');
  const prefix = deps.env.REDIS_PREFIX;
  const maintenance = await background.start('session-pruning', () =>
    startMaintenance({ db: deps.db, connection: deps.redis, prefix, log: deps.log }),
  );
  const clock = await background.start('show-clock', () =>
    startShowClock({ db: deps.db, redis: deps.redis, prefix, log: deps.log, onTransition: deps.onTransition }),
  );
  const notifications = await background.start('notifications', () =>
    startNotifications({ db: deps.db, redis: deps.redis, env: deps.env, log: deps.log }),
  );
  return {
    maintenance,
    clock,
    notifications,
    /** In the order main.ts always closed them: close() waits for running jobs. */
    closers: [
      () => clock.close(),
      () => notifications.close(),
      () => maintenance.worker.close(),
      () => maintenance.queue.close(),
    ],
  };
}
