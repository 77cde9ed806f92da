import { z } from 'zod';
import { Money } from './common';
import { CurrentDraw, SaleMode } from './draws';
import { BladeLengthView, Eligibility, LegalClass } from './eligibility';
import { ShowItemStatus, ShowPhase, ShowStatus } from './enums';
import { JsonPatchOp } from './json-patch';

/** The item on screen: the current item in the show state. */
export const CurrentItem = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.string().nullable(),
  bladeType: z.string().nullable(),
  description: z.string().nullable(),
  price: Money,
  status: ShowItemStatus,
  imageUrls: z.array(z.string()),
  mainVideoUrl: z.string().nullable(),
  soldToUserId: z.uuid().nullable(),
  legalClass: LegalClass.nullable(),
  bladeLength: BladeLengthView.nullable(),
  saleMode: SaleMode,
  /** A draw item's draw (null for first press): the commitment from the reveal on. */
  draw: CurrentDraw.nullable(),
  /**
   * For the member asking (GET /api/show/state only): may they buy it, and if not, why. The pushed
   * view is the same for every socket and carries none; `show:eligibility` brings each member theirs.
   */
  eligibility: Eligibility.optional(),
});
export type CurrentItem = z.infer<typeof CurrentItem>;

export const LineupItem = z.object({
  id: z.uuid(),
  title: z.string(),
  price: Money,
  status: ShowItemStatus,
  imageUrls: z.array(z.string()),
  legalClass: LegalClass.nullable(),
  bladeLength: BladeLengthView.nullable(),
});
export type LineupItem = z.infer<typeof LineupItem>;

/**
 * GET /api/show/state and the `show:state` push (the show state response). Times are both
 * relative (timeRemaining, timeUntilLaunch, as the spec's client reads them) and absolute
 * (phaseEndsAt, launchTime, serverTime), so a client can correct for its own clock.
 */
export const ShowStateView = z.object({
  active: z.boolean(),
  scheduled: z.boolean(),
  timeUntilLaunch: z.number().int().nonnegative(),
  timeRemaining: z.number().int().nonnegative(),
  currentItem: CurrentItem.nullable(),
  show: z
    .object({
      id: z.uuid(),
      title: z.string(),
      description: z.string().nullable(),
      status: ShowStatus,
      phase: ShowPhase,
      currentIndex: z.number().int().nonnegative(),
      /**
       * The lineup item that goes on sale next while a live show waits for it (the preroll, an
       * intermission), sold or not; null while an item is on sale, after the last, or when the
       * show is not live. The "up next" banner and the admin's Next up read it.
       */
      nextItemId: z.uuid().nullable(),
      lineup: z.array(LineupItem),
      perKnifeSeconds: z.number().int().positive(),
      /** At most this many items per member (the per-member purchase cap); null: no cap. */
      purchaseCap: z.number().int().positive().nullable(),
      phaseEndsAt: z.number().int().nullable(),
      launchTime: z.number().int().nullable(),
      step: z.number().int().nonnegative(),
    })
    .nullable(),
  /** Epoch ms on the server when this view was made. */
  serverTime: z.number().int(),
});
export type ShowStateView = z.infer<typeof ShowStateView>;

/**
 * `show:change`: the ops that turn the view pushed as `base` into the view numbered `rev`. Revs
 * number one replica's pushes to its sockets; a client holding another base asks for the state.
 */
export const ShowChange = z.object({ base: z.number().int(), rev: z.number().int(), ops: z.array(JsonPatchOp) });
export type ShowChange = z.infer<typeof ShowChange>;

export const ShowTick = z.object({ serverTime: z.number().int(), step: z.number().int().nullable() });
export type ShowTick = z.infer<typeof ShowTick>;

/**
 * The client's send time, echoed back so a reply can be matched to its request, and the round
 * trip its last ping measured: the link delay the server nets out of this member's reaction times.
 */
export const ClockPing = z.object({ clientTime: z.number(), rttMs: z.number().int().min(0).max(60_000).optional() });
export type ClockPing = z.infer<typeof ClockPing>;

/** The ack of a `clock:ping`: the server's clock when it answered. */
export const ClockPong = z.object({ clientTime: z.number(), serverTime: z.number().int() });
export type ClockPong = z.infer<typeof ClockPong>;
