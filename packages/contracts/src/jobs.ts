import { z } from 'zod';
import { ReminderKind } from './notify';

/** BullMQ queue names. No ':' (BullMQ's key separator). */
export const queueNames = {
  maintenance: 'maintenance',
  /** Emails (receipts, reminders, account and after-sale mail) and Web Push deliveries. */
  notifications: 'notifications',
} as const;

/** Jobs are a typed union handled by one switch in the worker; each is safe to run twice. */
export const MaintenanceJob = z.discriminatedUnion('type', [z.object({ type: z.literal('prune-sessions') })]);
export type MaintenanceJob = z.infer<typeof MaintenanceJob>;

export const clockQueueName = 'show-clock';

/** One delayed job per transition; its id `advance-<showId>-<step>-<dueAt>` makes a duplicate a no-op. */
export const ClockJob = z.object({
  type: z.literal('advance'),
  showId: z.uuid(),
  step: z.number().int().nonnegative(),
});
export type ClockJob = z.infer<typeof ClockJob>;

/**
 * Jobs of the notifications queue. A show's reminder wake-up, armed for one launch time: job id
 * `reminders-<showId>-<kind>-<launchAt>`, so re-arming the same time is a no-op and a new time is
 * a new job. The handler re-reads the show and does nothing once that time is no longer its launch.
 */
const RemindersJob = z.object({
  type: z.literal('reminders'),
  showId: z.uuid(),
  kind: ReminderKind,
  launchAt: z.number().int(),
});
/** An admin started the show (before its launch time, perhaps): its launch reminders go now. */
const LaunchedJob = z.object({ type: z.literal('launched'), showId: z.uuid(), at: z.number().int() });
/** Deliver one outbox row (after the transaction that wrote it committed, or a retry of it). */
const DeliverJob = z.object({ type: z.literal('deliver'), outboxId: z.uuid() });
/** Deliver one push_outbox row (after the transaction that wrote it committed, or a retry of it). */
const DeliverPushJob = z.object({ type: z.literal('deliver-push'), pushOutboxId: z.uuid() });
/** Deliver every email and push that is due: retries, and rows whose kick was lost to a crash. */
const SweepJob = z.object({ type: z.literal('sweep') });

export const NotifyJob = z.discriminatedUnion('type', [
  RemindersJob,
  LaunchedJob,
  DeliverJob,
  DeliverPushJob,
  SweepJob,
]);
export type NotifyJob = z.infer<typeof NotifyJob>;
