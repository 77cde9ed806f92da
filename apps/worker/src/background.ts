import type { Database } from '@vault/db';
import { backgroundIn } from '@vault/server';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { WorkerEnv } from './env';
import { startMaintenance } from './processors/maintenance';
import type { NotificationsDeps } from './processors/notifications';
import { type ShowClockDeps, startShowClock } from './processors/show-clock';

export interface WorkerBackgroundDeps {
  db: Kysely<Database>;
  redis: Redis;
  env: Pick<WorkerEnv, 'REDIS_PREFIX'> & NotificationsDeps['env'];
  log: Logger;
  onTransition?: ShowClockDeps['onTransition'];
  /** Each task, once it runs (main.ts times the start with it). */
  onStarted?(task: 'show-clock' | 'session-pruning' | 'notifications'): void;
}

/**
 * What a worker runs: the registry's scaled work that is a BullMQ queue (the show clock, the
 * notifications, the maintenance queue's session pruning). Every worker runs all of them; BullMQ
 * gives each job to one.
 */
export async function startWorkerBackground(deps: WorkerBackgroundDeps) {
  const background = backgroundIn('worker', 'scaled');
  const prefix = deps.env.REDIS_PREFIX;
  // The show clock first: when every worker was gone (a deploy, a crash), a live show's overdue
  // step waits for the first clock to run again; emails and session pruning can start after it.
  const clock = await background.start('show-clock', () =>
    startShowClock({ db: deps.db, redis: deps.redis, prefix, log: deps.log, onTransition: deps.onTransition }),
  );
  deps.onStarted?.('show-clock');
  const maintenance = await background.start('session-pruning', () =>
    startMaintenance({ db: deps.db, connection: deps.redis, prefix, log: deps.log }),
  );
  deps.onStarted?.('session-pruning');
  // Loaded only now, so the mailer and its templates are not parsed before the clock runs.
  const { startNotifications } = await import('./processors/notifications');
  const notifications = await background.start('notifications', () =>
    startNotifications({ db: deps.db, redis: deps.redis, env: deps.env, log: deps.log }),
  );
  deps.onStarted?.('notifications');
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
