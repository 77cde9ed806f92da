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
  /**
   * A $1 test product was added, edited or relisted: every instance reloads the ones a Buy may
   * name, with their legal classes (who may buy them is judged from that copy).
   */
  z.object({ type: z.literal('test-products.changed') }),
  /**
   * Every session of a member ended (password reset, admin promotion by bootstrap): every instance
   * drops them from its session cache and disconnects the member's sockets at once.
   */
  z.object({ type: z.literal('user.sessions-ended'), userId: z.uuid() }),
  /**
   * One session ended (logout). `session` is sessionTag(sid), a SHA-256 of the id: the id itself
   * never crosses Redis.
   */
  z.object({ type: z.literal('session.ended'), session: z.string().regex(/^[\w-]{43}$/) }),
  /** The eligibility rules, attestation kinds or shipping classes changed: every instance reloads them. */
  z.object({ type: z.literal('eligibility.rules-changed') }),
  /**
   * A member's date of birth, address or attestations changed: every instance forgets what it held
   * of them, so their next press or view is judged by the new facts at once.
   */
  z.object({ type: z.literal('eligibility.member-changed'), userId: z.uuid() }),
]);
export type BusMessage = z.infer<typeof BusMessage>;

export const busChannels = ['show', 'sales', 'sessions', 'eligibility'] as const;
export type BusChannel = (typeof busChannels)[number];
