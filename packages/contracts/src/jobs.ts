import { z } from 'zod';

/** BullMQ queue names. No ':' (BullMQ's key separator). */
export const queueNames = {
  maintenance: 'maintenance',
} as const;

/** Jobs are a typed union handled by one switch in the worker; each is safe to run twice. */
export const MaintenanceJob = z.discriminatedUnion('type', [z.object({ type: z.literal('prune-sessions') })]);
export type MaintenanceJob = z.infer<typeof MaintenanceJob>;
