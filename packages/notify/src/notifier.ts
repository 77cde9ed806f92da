import { REMINDER_LEAD_MINUTES } from '@vault/contracts';

/**
 * What the API tells the notifications side, whichever mode it runs in: in-process timers and
 * deliveries (embedded), or BullMQ jobs a worker runs (scaled).
 */
export interface Notifier {
  /** Arms (idempotently) the reminder wake-ups for the show's current launch time: T-lead ('soon', only if still in the future) and T ('launch'). Safe to call often. */
  armReminders(showId: string): Promise<void>;
  /** The show went live now (an admin pressed Start before its launch time): send its launch reminders now. */
  showLaunched(showId: string): Promise<void>;
  /** Deliver these outbox rows soon, after the transaction that wrote them committed; never throws, never blocks. */
  kick(outboxIds: string[]): void;
  /** Deliver these push_outbox rows soon, after the transaction that wrote them committed; never throws, never blocks. */
  kickPush(pushOutboxIds: string[]): void;
  close(): Promise<void>;
}

/** Default time between the 'soon' reminder and the launch (REMINDER_LEAD_SECONDS). */
export const DEFAULT_REMINDER_LEAD_SECONDS = REMINDER_LEAD_MINUTES * 60;
