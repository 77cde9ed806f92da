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
  /** An item has a buyer in flight (or sold): every instance refuses other buyers from memory. */
  z.object({ type: z.literal('item.claimed'), showItemId: z.uuid(), userId: z.uuid() }),
  /** The claim was released (card refused): the item is buyable again. */
  z.object({ type: z.literal('item.released'), showItemId: z.uuid() }),
]);
export type BusMessage = z.infer<typeof BusMessage>;

export const busChannels = ['show', 'sales'] as const;
export type BusChannel = (typeof busChannels)[number];
