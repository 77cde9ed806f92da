import type { Database } from '@vault/db';
import { createMailer, startNotifyWorker } from '@vault/notify';
import { quietRedisErrors } from '@vault/server';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { WorkerEnv } from '../env';

export interface NotificationsDeps {
  db: Kysely<Database>;
  redis: Redis;
  env: Pick<
    WorkerEnv,
    | 'REDIS_PREFIX'
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'PUBLIC_URL'
    | 'REMINDER_LEAD_SECONDS'
    | 'NOTIFY_SWEEP_SECONDS'
    | 'mailLinksRedacted'
    | 'push'
  >;
  log: Logger;
}

/**
 * The notifications queue (emails and Web Push): the API queues, this sends. The handlers, the
 * outboxes and the templates are @vault/notify's, shared with the API's embedded mode.
 */
export async function startNotifications(deps: NotificationsDeps) {
  const { env } = deps;
  const log = deps.log.child({ queue: 'notifications' });
  const notifications = await startNotifyWorker({
    db: deps.db,
    connection: deps.redis,
    prefix: env.REDIS_PREFIX,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log, redactLinks: env.mailLinksRedacted }),
    links: { publicUrl: env.PUBLIC_URL.replace(/\/$/, '') },
    leadMs: env.REMINDER_LEAD_SECONDS * 1000,
    push: env.push,
    sweepEveryMs: env.NOTIFY_SWEEP_SECONDS * 1000,
    log,
  });
  // A Redis outage is logged once by its connection; these would print each failed retry.
  quietRedisErrors(notifications.worker, 'notifications worker', deps.log);
  quietRedisErrors(notifications.queue, 'notifications queue', deps.log);
  return notifications;
}
