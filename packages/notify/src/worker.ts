import { NotifyJob, queueNames } from '@vault/contracts';
import type { Database } from '@vault/db';
import { SWEEP_OUTBOX_EVERY_MS } from '@vault/server';
import { type ConnectionOptions, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import { createDeliverer, type DeliveryOutcome } from './deliverer';
import type { Mailer, NotifyLog } from './mailer';
import { createPushDeliverer, type PushDeliveryOutcome } from './push/deliverer';
import type { VapidSettings } from './push/vapid';
import { createQueueNotifier } from './queue';
import { fanOutLaunched, fanOutReminders, showsWithReminders } from './reminders';
import type { MailLinks } from './render';

export interface NotifyWorkerDeps {
  db: Kysely<Database>;
  /** ioredis connection (options) with maxRetriesPerRequest: null, as BullMQ workers need. */
  connection: ConnectionOptions;
  prefix: string;
  mailer: Mailer;
  links: MailLinks;
  leadMs: number;
  /** Web Push's keys and allowed services (VAPID_*, PUSH_SERVICE_HOSTS); absent, pushes stay pending. */
  push?: VapidSettings | null;
  log: NotifyLog;
  sweepEveryMs?: number;
  concurrency?: number;
}

/**
 * The notifications queue's worker (scaled mode): reminder wake-ups and launches fan out into
 * outbox rows (emails and pushes), each delivered by a job of its own (spread over the workers); a failed delivery
 * comes back as a delayed job at the row's next attempt; a job scheduler sweeps for due rows every
 * ~30 s (retries whose job was lost, rows whose kick never reached Redis). On start it re-arms the
 * reminders of every scheduled show someone subscribed to and sweeps once: both live in the
 * database, so a Redis that lost its jobs loses no email.
 */
export async function startNotifyWorker(deps: NotifyWorkerDeps) {
  const notifier = createQueueNotifier(deps);
  const deliverer = createDeliverer(deps);
  const pushDeliverer = createPushDeliverer({ db: deps.db, push: deps.push, log: deps.log });
  const { queue } = notifier;

  const followUp = async (id: string, outcome: DeliveryOutcome) => {
    if (outcome.status === 'retry') await notifier.deliver([id], outcome.retryAt);
  };
  const followUpPush = async (id: string, outcome: PushDeliveryOutcome) => {
    if (outcome.status === 'retry') await notifier.deliverPush([id], outcome.retryAt);
  };

  const handle = async (job: NotifyJob) => {
    switch (job.type) {
      case 'reminders': {
        const { mail, push } = await fanOutReminders(deps.db, job, Date.now());
        await notifier.deliver(mail);
        notifier.kickPush(push);
        return { written: mail.length, pushes: push.length };
      }
      case 'launched': {
        const { mail, push } = await fanOutLaunched(deps.db, job.showId, job.at);
        await notifier.deliver(mail);
        notifier.kickPush(push);
        return { written: mail.length, pushes: push.length };
      }
      case 'deliver': {
        const outcome = await deliverer.deliver(job.outboxId);
        await followUp(job.outboxId, outcome);
        return outcome;
      }
      case 'deliver-push': {
        const outcome = await pushDeliverer.deliver(job.pushOutboxId);
        await followUpPush(job.pushOutboxId, outcome);
        return outcome;
      }
      case 'sweep': {
        const [emails, pushes] = await Promise.all([deliverer.sweep(), pushDeliverer.sweep()]);
        for (const { id, outcome } of emails) await followUp(id, outcome);
        for (const { id, outcome } of pushes) await followUpPush(id, outcome);
        return { attempted: emails.length, pushes: pushes.length };
      }
    }
  };

  const worker = new Worker<NotifyJob>(
    queueNames.notifications,
    async (job: Job<NotifyJob>) => {
      const parsed = NotifyJob.safeParse(job.data);
      // Retrying a job that can never be read would only fill the log.
      if (!parsed.success) throw new UnrecoverableError(`malformed notification job: ${parsed.error.message}`);
      return handle(parsed.data);
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: deps.concurrency ?? 8 },
  );
  worker.on('failed', (job, error) => {
    const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
    deps.log[final ? 'error' : 'warn'](
      { err: error, jobId: job?.id, attempt: job?.attemptsMade },
      final ? 'notification job failed' : 'notification job failed, will retry',
    );
  });
  await worker.waitUntilReady();
  await queue.upsertJobScheduler(
    'notify-sweep',
    { every: deps.sweepEveryMs ?? SWEEP_OUTBOX_EVERY_MS },
    { name: 'sweep', data: { type: 'sweep' }, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  const shows = await showsWithReminders(deps.db);
  for (const showId of shows) await notifier.armReminders(showId);
  await queue.add('sweep', { type: 'sweep' }, { removeOnComplete: 100, removeOnFail: 100 });
  deps.log.info({ rearmedShows: shows.length }, 'notifications started');

  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await notifier.close();
    },
  };
}
