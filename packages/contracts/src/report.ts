import { z } from 'zod';
import { Money } from './common';
import { DrawStatus, SaleMode } from './draws';
import { PurchaseStatus, ShowItemStatus, ShowStatus } from './enums';
import { ReturnStatus, ShipmentStatus } from './fulfillment';

const Count = z.number().int().nonnegative();

// The show report, an admin's look back at (or into) a show: its timeline from show_events and a report
// of what sold, to whom, how fast, and how much demand each item met.

/** Buy presses on an item by outcome (the Buy metrics' outcomes); refused ones count as demand too. */
export const BuyAttempts = z.object({
  won: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  declined: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
  timeout: z.number().int().nonnegative(),
  replay: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type BuyAttempts = z.infer<typeof BuyAttempts>;

export const ReportBuyer = z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() });

/** One entry of the timeline, in order; `text` is the line an admin reads. */
export const TimelineEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The show_events type: scheduled, started, item-showing, sold, intermission, paused, resumed, reset, completed, watchers. */
  type: z.string(),
  text: z.string(),
  itemIndex: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  buyer: ReportBuyer.nullable(),
  /** For a sale: seconds from the item being shown to its sale. */
  secondsToSale: z.number().nullable(),
  /** For a watchers sample: members watching then. */
  watchers: z.number().int().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** One item's purchase after the sale: its package, the money captured and given back, its return. */
export const ReportItemAfterSale = z.object({
  /** The package carrying it; null while it is not bundled (or was voided). */
  shipmentStatus: ShipmentStatus.nullable(),
  /** YYYY-MM-DD. */
  shipBy: z.iso.date().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** Shipped on or before its ship-by day (the UTC day of shipping); null until it ships. */
  shippedOnTime: z.boolean().nullable(),
  /** Calendar days from the show's end to the package's shipping, one decimal; null until both happened. */
  daysToShip: z.number().nonnegative().nullable(),
  captured: Money.nullable(),
  /** Refunds the gateway carried out (pending and failed ones are not money back). */
  refunded: Money,
  /** The latest return asked for on it. */
  returnStatus: ReturnStatus.nullable(),
});
export type ReportItemAfterSale = z.infer<typeof ReportItemAfterSale>;

/**
 * The reaction-time histogram's bins, in ms after the reveal reached the member: each counts
 * [from, to), the first from 0 (under the default human floor, 150 ms), the last open-ended.
 */
export const REACTION_BUCKET_EDGES_MS = [150, 250, 400, 700, 1000] as const;

export const ReactionBucket = z.object({
  /** Inclusive lower edge in ms; 0 for the first bin. */
  fromMs: z.number().int().nonnegative(),
  /** Exclusive upper edge in ms; null for the last bin. */
  toMs: z.number().int().positive().nullable(),
  count: Count,
});
export type ReactionBucket = z.infer<typeof ReactionBucket>;

/** "<150 ms", "150–250 ms", "≥1000 ms": a bin as the report's table, chart and CSV name it. */
export function reactionBucketLabel(bucket: Pick<ReactionBucket, 'fromMs' | 'toMs'>): string {
  if (bucket.toMs === null) return `≥${bucket.fromMs} ms`;
  if (bucket.fromMs === 0) return `<${bucket.toMs} ms`;
  return `${bucket.fromMs}–${bucket.toMs} ms`;
}

/**
 * How fast an item's presses came after its reveal reached each member (net of their link delay):
 * one reaction per member, their first press. Presses with no measured reveal (a member who
 * joined after it) count in the pressers, not here.
 */
export const ReportReactions = z.object({
  /** Members whose first press has a reaction time. */
  timed: Count,
  /** Of those, faster than the human floor when they pressed (flagged). */
  flagged: Count,
  minMs: z.number().int().nullable(),
  p10Ms: z.number().int().nullable(),
  p50Ms: z.number().int().nullable(),
  p90Ms: z.number().int().nullable(),
  /** One bin per REACTION_BUCKET_EDGES_MS gap, plus the open-ended last: always all of them. */
  buckets: z.array(ReactionBucket),
});
export type ReportReactions = z.infer<typeof ReportReactions>;

/** A member as the report names them, with whether an admin has suspended their buying. */
export const ReportMember = ReportBuyer.extend({ buyingSuspended: z.boolean() });
export type ReportMember = z.infer<typeof ReportMember>;

/** How many times the members who pressed for an item pressed (a bot hammers). */
export const ReportPressers = z.object({
  /** Members who pressed Buy (or entered the draw) while the item was on screen. */
  members: Count,
  /** Every press they made, repeats included. */
  presses: Count,
  /** The members who pressed most, most first (at most REPORT_TOP_PRESSERS). */
  top: z.array(z.object({ member: ReportMember, presses: z.number().int().positive() })),
});
export type ReportPressers = z.infer<typeof ReportPressers>;

export const REPORT_TOP_PRESSERS = 5;

/** A member whose press on the item came faster than a person can react. */
export const ReportFlaggedMember = z.object({
  member: ReportMember,
  /** Their reaction on this item, in ms (their first press's). */
  fastestMs: z.number().int(),
  presses: z.number().int().positive(),
});
export type ReportFlaggedMember = z.infer<typeof ReportFlaggedMember>;

/** A draw item's latest draw: its outcome, and where anyone can check it. */
export const ReportDraw = z.object({
  id: z.uuid(),
  status: DrawStatus,
  /** Entrants so far (all of them once it closed). */
  entries: Count,
  winnerEntryNumber: z.number().int().positive().nullable(),
  /** The public record, /draws/:showItemId. */
  path: z.string(),
});
export type ReportDraw = z.infer<typeof ReportDraw>;

export const ReportItem = z.object({
  id: z.uuid(),
  /** Position in the lineup, from 0. */
  index: z.number().int().nonnegative(),
  title: z.string(),
  price: Money,
  status: ShowItemStatus,
  /** The last time the item came on screen (a reset show may have shown it before). */
  shownAt: z.iso.datetime().nullable(),
  soldAt: z.iso.datetime().nullable(),
  secondsToSale: z.number().nullable(),
  buyer: ReportBuyer.nullable(),
  purchaseStatus: PurchaseStatus.nullable(),
  attempts: BuyAttempts,
  /**
   * The members behind those presses, each counted once per outcome; `total` is the members who
   * pressed at all (40 presses by one member: attempts.refused 40, attemptMembers.refused 1).
   */
  attemptMembers: BuyAttempts,
  hearts: z.number().int().nonnegative(),
  /**
   * Presses the eligibility rules refused, per rule: demand the operator could not serve. `rule` is
   * the rule's id, or a built-in reason: 'minimum_age', 'date_of_birth', 'address', 'unclassified'.
   */
  eligibilityRefusals: z.array(
    z.object({
      rule: z.string(),
      /** How the rule reads to an admin (its destination, class and effect). */
      label: z.string(),
      members: z.number().int().nonnegative(),
      presses: z.number().int().nonnegative(),
    }),
  ),
  afterSale: ReportItemAfterSale,
  saleMode: SaleMode,
  reactions: ReportReactions,
  pressers: ReportPressers,
  /** Fastest first. */
  flaggedMembers: z.array(ReportFlaggedMember),
  /** For a draw item, its latest draw (null before its first reveal, and for a first-press item). */
  draw: ReportDraw.nullable(),
});
export type ReportItem = z.infer<typeof ReportItem>;

/**
 * The business after the sale: the packages that carry the show's knives, how promptly they
 * shipped, the returns asked for and the money given back.
 */
export const ReportAfterSale = z.object({
  packages: z.object({
    total: Count,
    /** Not shipped yet (processing, or being captured for shipping). */
    toPack: Count,
    /** Shipped and not yet delivered. */
    shipped: Count,
    delivered: Count,
    /** Not shipped and past its ship-by day now. */
    late: Count,
  }),
  onTime: z.object({
    /** Packages shipped (delivered ones included). */
    shipped: Count,
    /** Of those, shipped on or before their ship-by day (the UTC day of shipping). */
    onTime: Count,
    /** onTime / shipped, 0 to 1; null when nothing has shipped. */
    rate: z.number().min(0).max(1).nullable(),
  }),
  /** Calendar days from the show's end to each package's shipping, one decimal; null when none. */
  daysToShip: z.object({ median: z.number().nonnegative().nullable(), max: z.number().nonnegative().nullable() }),
  /** Returns of the show's purchases by status (a declined one followed by a new request counts twice). */
  returns: z.object({ requested: Count, approved: Count, declined: Count, received: Count, refunded: Count }),
  refunds: z.object({
    /** Refunds the gateway carried out. */
    count: Count,
    /** At the gateway now. */
    pending: Count,
    /** The sum of the refunds carried out. */
    amount: Money,
    /** amount / captured; null when nothing was captured. */
    shareOfCaptured: z.number().nonnegative().nullable(),
  }),
  /** What the gateway captured on the show's purchases. */
  captured: Money,
});
export type ReportAfterSale = z.infer<typeof ReportAfterSale>;

export const WatchersSample = z.object({ at: z.iso.datetime(), count: z.number().int().nonnegative() });

/** GET /api/shows/:showId/report (admin); the CSV export is GET /api/shows/:showId/report.csv. */
export const ShowReport = z.object({
  show: z.object({
    id: z.uuid(),
    title: z.string(),
    status: ShowStatus,
    launchTime: z.iso.datetime().nullable(),
    /** The latest start (a reset and restarted show counts from its last run). */
    startedAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
  }),
  totals: z.object({
    items: z.number().int().nonnegative(),
    sold: z.number().int().nonnegative(),
    /** sold / items, 0 to 1 (0 for an empty lineup). */
    sellThrough: z.number().min(0).max(1),
    /** The sum of the show's purchases that still hold money (authorized or completed). */
    revenue: Money,
    attempts: z.number().int().nonnegative(),
    /** Members who pressed Buy on any item of the show, each once. */
    attemptMembers: z.number().int().nonnegative(),
    peakWatchers: z.number().int().nonnegative(),
    /** Members whose press on any item came faster than a person can react, each once. */
    flaggedMembers: Count,
  }),
  afterSale: ReportAfterSale,
  items: z.array(ReportItem),
  watchers: z.array(WatchersSample),
  timeline: z.array(TimelineEntry),
});
export type ShowReport = z.infer<typeof ShowReport>;
