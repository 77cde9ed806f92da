import {
  createEmbeddedNotifier,
  createQueueNotifier,
  DEFAULT_REMINDER_LEAD_SECONDS,
  type Notifier,
} from '@vault/notify';
import { quietRedisErrors, SWEEP_OUTBOX_EVERY_MS } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';

declare module 'fastify' {
  interface FastifyInstance {
    /** Emails and Web Push: in-process when embedded, jobs for the worker when scaled. */
    notify: Notifier;
  }
}

/** Where the reminder routes live; the one-click unsubscribe link points under it. */
export const REMINDERS_PREFIX = '/api/reminders';
/** RFC 8058 one-click unsubscribe: mail providers POST here without our Origin or any cookie. */
export const ONE_CLICK_UNSUBSCRIBE_ROUTE = `${REMINDERS_PREFIX}/unsubscribe`;

/**
 * Scaled: the API only queues (reminder wake-ups as delayed jobs, deliveries as jobs) and the
 * workers send. Embedded: the same handlers run here on timers, sending through the API's mailer
 * (SMTP when SMTP_URL is set, else the log) and its VAPID pair (config.push); on ready they re-arm
 * every scheduled show's reminders and send whatever either outbox holds that is due (a restart
 * loses no email or push that is still worth sending).
 */
export const notifications = fp(
  async (app: FastifyInstance) => {
    const leadMs = (app.config.reminderLeadSeconds ?? DEFAULT_REMINDER_LEAD_SECONDS) * 1000;
    if (app.redis) {
      const notifier = createQueueNotifier({
        db: app.db,
        connection: app.redis,
        prefix: app.config.redisPrefix,
        leadMs,
        log: app.log,
      });
      // A Redis outage is logged once by its connection; the queue would print each failed retry.
      quietRedisErrors(notifier.queue, 'notifications queue', app.log);
      app.decorate('notify', notifier);
      app.addHook('onClose', () => notifier.close());
      return;
    }
    const notifier = createEmbeddedNotifier({
      db: app.db,
      mailer: app.mailer,
      links: { publicUrl: app.config.publicUrl },
      log: app.log,
      leadMs,
      push: app.config.push,
      sweepEveryMs: app.config.notifySweepMs ?? SWEEP_OUTBOX_EVERY_MS,
    });
    app.decorate('notify', notifier);
    app.addHook('onReady', () => apiBackground(app).start('notifications', () => notifier.start()));
    app.addHook('onClose', () => notifier.close());
  },
  { name: 'notifications', dependencies: ['infrastructure'] },
);
