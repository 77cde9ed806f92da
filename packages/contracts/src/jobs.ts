import { z } from 'zod';

/** BullMQ queue names. No ':' (BullMQ's key separator). */
export const queueNames = {
  maintenance: 'maintenance',
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
