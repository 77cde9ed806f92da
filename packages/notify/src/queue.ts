import { type NotifyJob, queueNames } from '@vault/contracts';
import type { Database } from '@vault/db';
import { type ConnectionOptions, type JobsOptions, Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { NotifyLog } from './mailer';
import type { Notifier } from './notifier';
import { reminderWakeups } from './reminders';

export interface QueueNotifierDeps {
  db: Kysely<Database>;
  connection: ConnectionOptions;
  /** BullMQ's key prefix (REDIS_PREFIX). */
  prefix: string;
  leadMs: number;
  log: NotifyLog;
}

/**
 * A wake-up or fan-out that fails (Postgres down) is retried with a growing delay for about an
 * hour; the rows it writes are deduplicated, so a retry after a partial success adds nothing.
 */
const WAKE_JOB: JobsOptions = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 1000,
};
/** A delivery job only hands a row to its deliverer, which records SMTP or push service failures in the row itself. */
const DELIVER_JOB: JobsOptions = {
  attempts: 3,
  backoff: { type: 'fixed', delay: 5000 },
  removeOnComplete: 1000,
  removeOnFail: 1000,
};

/** Job ids: no ':' (BullMQ's separator), never a bare integer. */
export const jobIds = {
  reminders: (showId: string, kind: string, launchAt: number) => `reminders-${showId}-${kind}-${launchAt}`,
  deliver: (outboxId: string, at?: number) => (at === undefined ? `deliver-${outboxId}` : `deliver-${outboxId}-${at}`),
  deliverPush: (pushOutboxId: string, at?: number) =>
    at === undefined ? `deliver-push-${pushOutboxId}` : `deliver-push-${pushOutboxId}-${at}`,
};

/** Which outbox a delivery job is for: its job name, its payload and its id. */
const deliveryJobs = {
  mail: (id: string, at?: number) => ({
    name: 'deliver',
    data: { type: 'deliver' as const, outboxId: id },
    jobId: jobIds.deliver(id, at),
  }),
  push: (id: string, at?: number) => ({
    name: 'deliver-push',
    data: { type: 'deliver-push' as const, pushOutboxId: id },
    jobId: jobIds.deliverPush(id, at),
  }),
};

/**
 * Scaled mode's notifier, as the API (and the worker, for its own follow-ups) uses it: every
 * notification is a job on the notifications queue, run by a worker (worker.ts). The API sends
 * no notification email itself.
 */
export function createQueueNotifier(deps: QueueNotifierDeps): Notifier & {
  queue: Queue<NotifyJob>;
  /** Adds delivery jobs for mail_outbox rows and waits for Redis to take them (the worker's follow-ups). */
  deliver(outboxIds: string[], at?: Date): Promise<void>;
  /** The same for push_outbox rows. */
  deliverPush(pushOutboxIds: string[], at?: Date): Promise<void>;
} {
  const queue = new Queue<NotifyJob>(queueNames.notifications, { connection: deps.connection, prefix: deps.prefix });

  const enqueue = async (outbox: keyof typeof deliveryJobs, ids: string[], at?: Date) => {
    if (ids.length === 0) return;
    const delay = at ? Math.max(0, at.getTime() - Date.now()) : 0;
    await queue.addBulk(
      ids.map((id) => {
        const { name, data, jobId } = deliveryJobs[outbox](id, at?.getTime());
        return { name, data, opts: { ...DELIVER_JOB, delay, jobId } };
      }),
    );
  };
  const deliver = (outboxIds: string[], at?: Date) => enqueue('mail', outboxIds, at);
  const deliverPush = (pushOutboxIds: string[], at?: Date) => enqueue('push', pushOutboxIds, at);

  return {
    queue,
    deliver,
    deliverPush,
    async armReminders(showId) {
      // A reschedule leaves the old time's jobs in place: they find the launch time changed and do nothing.
      for (const wakeup of await reminderWakeups(deps.db, showId, deps.leadMs, Date.now())) {
        const { kind, launchAt } = wakeup;
        await queue.add(
          'reminders',
          { type: 'reminders', showId, kind, launchAt },
          { ...WAKE_JOB, jobId: jobIds.reminders(showId, kind, launchAt), delay: Math.max(0, wakeup.at - Date.now()) },
        );
      }
    },
    async showLaunched(showId) {
      const at = Date.now();
      await queue.add('launched', { type: 'launched', showId, at }, { ...WAKE_JOB, jobId: `launched-${showId}-${at}` });
    },
    kick(outboxIds) {
      // Fire and forget: a Redis outage must not hold up (or fail) the Buy that wrote the row;
      // the worker's sweep delivers rows whose kick never arrived.
      deliver(outboxIds).catch((error: unknown) =>
        deps.log.warn({ err: error, outboxIds }, 'email kick not queued; the sweep will deliver it'),
      );
    },
    kickPush(pushOutboxIds) {
      deliverPush(pushOutboxIds).catch((error: unknown) =>
        deps.log.warn({ err: error, pushOutboxIds }, 'push kick not queued; the sweep will deliver it'),
      );
    },
    async close() {
      await queue.close();
    },
  };
}
