import { z } from 'zod';

// Fair drops: an item sold by first press (the race) or by draw (a window of entries, then a
// published, verifiable order), the public record of a draw, and the reaction times of presses.

export const saleModes = ['first_press', 'draw'] as const;
export const SaleMode = z.enum(saleModes);
export type SaleMode = z.infer<typeof SaleMode>;

export const saleModeLabels: Record<SaleMode, string> = { first_press: 'First press', draw: 'Draw' };

/**
 * open: taking entries; drawing: closed, charging down the order; drawn: a winner was charged;
 * no_winner: nobody entered or every entrant's card was declined; cancelled: the show was reset
 * before the window closed (a new reveal draws anew).
 */
export const drawStatuses = ['open', 'drawing', 'drawn', 'no_winner', 'cancelled'] as const;
export const DrawStatus = z.enum(drawStatuses);
export type DrawStatus = z.infer<typeof DrawStatus>;

/** The entry window an admin may set for a draw item, in seconds. */
export const DRAW_WINDOW_MIN_SECONDS = 5;
export const DRAW_WINDOW_MAX_SECONDS = 600;
/** A window closes at least this long before the item's time runs out, so the draw has time to charge. */
export const DRAW_CLOSE_MARGIN_SECONDS = 2;

export const DrawWindowSeconds = z.coerce
  .number({ error: 'Draw window must be a number of seconds' })
  .int('Draw window must be a whole number of seconds')
  .min(DRAW_WINDOW_MIN_SECONDS, `Draw window must be at least ${DRAW_WINDOW_MIN_SECONDS} seconds`)
  .max(DRAW_WINDOW_MAX_SECONDS, `Draw window must be at most ${DRAW_WINDOW_MAX_SECONDS} seconds`);

/**
 * The current item's draw in the show state. `entered` and `entryNumber` are the asking member's
 * (GET /api/show/state); the pushed view is the same for every socket and carries false and null:
 * the client keeps the entry number its Buy's acknowledgement gave it.
 */
export const CurrentDraw = z.object({
  id: z.uuid(),
  /** SHA-256 (hex) of the draw's secret seed, published at the reveal. */
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  /** Epoch ms the window closes; null while the show is paused. */
  closesAt: z.number().int().nullable(),
  status: DrawStatus,
  entered: z.boolean(),
  entryNumber: z.number().int().positive().nullable(),
});
export type CurrentDraw = z.infer<typeof CurrentDraw>;

/** The Buy call's answer for a draw item (202 over HTTP; the same body in the socket's ack). */
export const DrawEntered = z.object({
  entered: z.literal(true),
  entryNumber: z.number().int().positive(),
  drawId: z.uuid(),
  /** False: this member had already entered, and this is their entry again. */
  first: z.boolean(),
});
export type DrawEntered = z.infer<typeof DrawEntered>;

/**
 * The rule that orders a draw's entries, as the public page prints it. Anyone holding the
 * published seed and entry numbers can apply it: the page does, in the browser, and so does the
 * script in docs/fair-drops.md.
 */
export const DRAW_RULE =
  'Each entry number n (written in decimal, e.g. "17") is scored HMAC-SHA256(key = the seed\'s 32 bytes, message = n). ' +
  'Entries are ordered by score, lowest first, comparing the 64-character lowercase hex digests as text. ' +
  'The first in that order wins; if their card is declined, the next is charged, and so on. ' +
  "The commitment published at the reveal is SHA-256 of the seed's 32 bytes.";

export const PublicDrawEntry = z.object({
  entryNumber: z.number().int().positive(),
  /** A name for this entrant in this draw only: never their email or an id. */
  pseudonym: z.string(),
});

/** GET /api/draws/:showItemId — the latest draw of the item, public, no session needed. */
export const PublicDraw = z.object({
  showItemId: z.uuid(),
  drawId: z.uuid(),
  itemTitle: z.string(),
  showTitle: z.string(),
  status: DrawStatus,
  commitment: z.string(),
  /** Null until the window has closed: nobody can learn it while entries are open. */
  seed: z.string().nullable(),
  rule: z.string(),
  openedAt: z.iso.datetime(),
  closesAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  entries: z.array(PublicDrawEntry),
  /** Entry numbers in the drawn order; empty until closed. */
  order: z.array(z.number().int().positive()),
  winnerEntryNumber: z.number().int().positive().nullable(),
  /** Entrants charged before the winner whose cards were declined, in order. */
  declinedEntryNumbers: z.array(z.number().int().positive()),
  /**
   * Entrants passed over before the winner because they could no longer buy when their turn came
   * (no saved card, at the show's cap, buying suspended, no longer eligible), in order. With the
   * declined ones, they are every entry the order puts before the winner.
   */
  skippedEntryNumbers: z.array(z.number().int().positive()),
  /** How many entered; null until the window has closed. */
  entryCount: z.number().int().min(0).nullable(),
});
export type PublicDraw = z.infer<typeof PublicDraw>;

/** GET /api/draws/:showItemId. */
export const DrawParams = z.object({ showItemId: z.uuid('Choose an item') });
export type DrawParams = z.infer<typeof DrawParams>;

export const drawMessages = {
  windowRequired: 'A draw needs its entry window in seconds',
  windowTooLong: (perKnifeSeconds: number) =>
    `The draw window must close at least ${DRAW_CLOSE_MARGIN_SECONDS} seconds before the item's ${perKnifeSeconds} seconds run out`,
  notFound: 'No draw found for this item',
  closed: 'The draw has closed',
  agreement:
    'By entering you agree to be charged the price if you are drawn, or if an entrant drawn before you is declined.',
  suspended: 'Your buying has been suspended. Contact support if you think this is a mistake.',
} as const;

/** The configured human floor: a press faster than this after the reveal reached the member is flagged. */
export const HUMAN_FLOOR_DEFAULT_MS = 150;
