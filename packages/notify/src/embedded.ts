import type { Database } from '@vault/db';
import { SWEEP_OUTBOX_EVERY_MS } from '@vault/server';
import type { Kysely } from 'kysely';
import { createDeliverer } from './deliverer';
import type { Mailer, NotifyLog } from './mailer';
import type { Notifier } from './notifier';
import { createPushDeliverer, type PushDeliveryOutcome } from './push/deliverer';
import type { VapidSettings } from './push/vapid';
import { fanOutLaunched, fanOutReminders, type ReminderWakeup, reminderWakeups, showsWithReminders } from './reminders';
import type { MailLinks } from './render';
import { createTimers } from './timers';

export interface EmbeddedNotifierDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  links: MailLinks;
  log: NotifyLog;
  /** How long before the launch the 'soon' reminder goes (REMINDER_LEAD_SECONDS). */
  leadMs: number;
  /** Web Push's keys and allowed services; absent, pushes stay pending (push/deliverer.ts). */
  push?: VapidSettings | null;
  sweepEveryMs?: number;
}

/** A wake-up that fails (the database busy or restarting) is tried again this often, this many times. */
const WAKE_RETRY_MS = 5000;
const WAKE_ATTEMPTS = 12;
/** How long close() waits for deliveries in flight before it lets the database go. */
const CLOSE_WAIT_MS = 5000;

/**
 * Embedded mode's notifications: the same handlers the scaled worker runs (fan-out, deliverer),
 * driven by timers in this process. Reminder wake-ups are timers keyed by show and kind (a
 * reschedule replaces them); a kick (of emails or pushes) delivers on the next turn of the event
 * loop; a failed delivery arms a timer for its retry; a sweep every ~30 s catches anything else
 * that is due in either outbox.
 * start() (on ready) re-arms the reminders of every scheduled show and sweeps once, which is what
 * a restart needs: the schedule and the outbox live in the database.
 */
export function createEmbeddedNotifier(deps: EmbeddedNotifierDeps): Notifier & { start(): Promise<void> } {
  const deliverers = {
    email: createDeliverer(deps),
    push: createPushDeliverer({ db: deps.db, push: deps.push, log: deps.log }),
  };
  type Outbox = keyof typeof deliverers;
  const wakeTimers = createTimers();
  const retryTimers = createTimers();
  const inFlight = new Set<Promise<unknown>>();
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping = false;
  let closed = false;

  /** Runs work in the background, tracked so close() can wait for it; never rejects. */
  const track = (work: () => Promise<unknown>, what: string) => {
    if (closed) return;
    const running = work()
      .catch((error: unknown) => deps.log.error({ err: error }, `${what} failed`))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  const afterAttempt = (outbox: Outbox, id: string, outcome: PushDeliveryOutcome) => {
    if (outcome.status === 'retry' && !closed) {
      retryTimers.arm(`${outbox}:${id}`, outcome.retryAt.getTime(), () =>
        track(() => deliverOne(outbox, id), `${outbox} retry`),
      );
    }
  };

  const deliverOne = async (outbox: Outbox, id: string) =>
    afterAttempt(outbox, id, await deliverers[outbox].deliver(id));

  const deliverSoon = (outbox: Outbox, ids: string[]) => {
    if (ids.length === 0) return;
    setImmediate(() => {
      for (const id of ids) track(() => deliverOne(outbox, id), `${outbox} delivery`);
    });
  };

  const sweepOne = async (outbox: Outbox) => {
    for (const { id, outcome } of await deliverers[outbox].sweep()) afterAttempt(outbox, id, outcome);
  };

  const sweep = async () => {
    if (sweeping || closed) return;
    sweeping = true;
    try {
      await Promise.all([sweepOne('email'), sweepOne('push')]);
    } finally {
      sweeping = false;
    }
  };

  const wake = async (wakeup: ReminderWakeup, attempt: number) => {
    try {
      const written = await fanOutReminders(deps.db, wakeup, Date.now());
      deliverSoon('email', written.mail);
      notifier.kickPush(written.push);
    } catch (error) {
      if (attempt >= WAKE_ATTEMPTS || closed) throw error;
      deps.log.warn({ err: error, showId: wakeup.showId, kind: wakeup.kind }, 'reminder wake-up failed, will retry');
      armWake({ ...wakeup, at: Date.now() + WAKE_RETRY_MS }, attempt + 1);
    }
  };

  const armWake = (wakeup: ReminderWakeup, attempt = 1) => {
    wakeTimers.arm(`${wakeup.showId}:${wakeup.kind}`, wakeup.at, () =>
      track(() => wake(wakeup, attempt), 'reminder wake-up'),
    );
  };

  const armReminders = async (showId: string) => {
    if (closed) return;
    const wakeups = await reminderWakeups(deps.db, showId, deps.leadMs, Date.now());
    // A show rescheduled, unscheduled or started: its old wake-ups go (they would do nothing anyway).
    for (const kind of ['soon', 'launch']) wakeTimers.clear(`${showId}:${kind}`);
    for (const wakeup of wakeups) armWake(wakeup);
  };

  // Named, so a reminder wake-up (above) hands its pushes to the same kickPush as the API's.
  const notifier: Notifier & { start(): Promise<void> } = {
    armReminders,
    async showLaunched(showId) {
      const written = await fanOutLaunched(deps.db, showId, Date.now());
      deliverSoon('email', written.mail);
      notifier.kickPush(written.push);
    },
    kick(ids) {
      deliverSoon('email', ids);
    },
    kickPush(ids) {
      deliverSoon('push', ids);
    },
    async start() {
      for (const showId of await showsWithReminders(deps.db)) await armReminders(showId);
      await sweep();
      sweeper = setInterval(() => track(sweep, 'outbox sweep'), deps.sweepEveryMs ?? SWEEP_OUTBOX_EVERY_MS);
      sweeper.unref();
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      wakeTimers.clearAll();
      retryTimers.clearAll();
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
      ]);
    },
  };
  return notifier;
}
