import { z } from 'zod';

/**
 * Messages that cross processes on the event bus (in-process in embedded mode, Redis pub/sub
 * when scaled). Pub/sub is at-most-once, so every message carries absolute times, never deltas.
 */
export const BusMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('show.changed'),
    showId: z.uuid(),
    step: z.number().int().nonnegative(),
    at: z.iso.datetime(),
  }),
]);
export type BusMessage = z.infer<typeof BusMessage>;

export const busChannels = ['show'] as const;
export type BusChannel = (typeof busChannels)[number];
