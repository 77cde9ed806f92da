import { z } from 'zod';

/**
 * What a push_outbox row's payload holds: the facts of its event, written with the event (in SQL,
 * beside the email of the same event where there is one). The words a member reads are made from
 * these at delivery (render.ts), in one place, so the fan-outs never spell a notification's text.
 */
export const PushData = {
  /** A show the member pressed Notify me for: `soon` before the launch, `launch` at it. */
  show_starting: z.object({ showId: z.uuid(), showTitle: z.string(), phase: z.enum(['soon', 'launch']) }),
  /** A knife the member hearted: `next` when the one before it goes on screen, `now` when it opens the show. */
  hearted_next: z.object({
    showId: z.uuid(),
    showItemId: z.uuid(),
    itemTitle: z.string(),
    position: z.enum(['next', 'now']),
  }),
  /** The member's purchase (first press or draw). */
  won: z.object({ purchaseId: z.uuid(), itemTitle: z.string() }),
  /** A shipment of the member's left the vault; `itemTitle` is its first item's, `items` how many. */
  shipped: z.object({ shipmentId: z.uuid(), itemTitle: z.string(), items: z.number().int().positive() }),
  /** A draw the member entered has its order (won or not: the winner also gets `won`). */
  draw_drawn: z.object({ drawId: z.uuid(), showItemId: z.uuid(), itemTitle: z.string() }),
} as const;

export type PushData = { [K in keyof typeof PushData]: z.infer<(typeof PushData)[K]> };

/**
 * How long each kind stays worth sending after its event: a push that arrives later is dropped
 * (and the push service is told the same TTL), never shown late. In seconds.
 */
export const PUSH_TTL_SECONDS = {
  show_starting: 15 * 60,
  hearted_next: 5 * 60,
  won: 24 * 60 * 60,
  shipped: 3 * 24 * 60 * 60,
  draw_drawn: 60 * 60,
} as const satisfies Record<keyof typeof PushData, number>;
