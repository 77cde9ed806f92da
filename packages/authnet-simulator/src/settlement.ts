// The gateway's calendar: captures settle in a daily batch at the merchant's transaction cut-off,
// authorisations lapse after 30 days uncaptured, and a settled charge takes refunds for 180 days.
// Pure arithmetic over a clock, so that tests and the simulator agree on every boundary, and so
// nothing here needs a timer: a row's settlement instant is written when it is captured, and its
// status is read against the clock whenever a request looks at it.

const DAY_MS = 86_400_000;

/** How long Authorize.Net keeps an uncaptured authorisation (then its status is `expired`). */
export const AUTHORIZATION_LIFETIME_DAYS = 30;
/** How long after settlement a charge can still be refunded (later: reason code 54). */
export const REFUND_WINDOW_DAYS = 180;
/** The cut-off a simulator gets when its host names none (AUTHNET_SIM_SETTLEMENT_CUTOFF's default). */
export const DEFAULT_SETTLEMENT_CUTOFF = '23:00';

/** What the simulator's time-dependent answers are computed from. */
export interface SimulatorClock {
  now(): Date;
  /** The daily batch's time, in minutes after midnight UTC. */
  cutoffMinutes: number;
}

/** 'HH:MM' (UTC, 00:00–23:59) in minutes after midnight; throws on anything else. */
export function parseCutoff(cutoff: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  if (!match) throw new Error(`The settlement cut-off must be HH:MM (UTC), not '${cutoff}'`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The batch that settles something captured at `capturedAt`: the first cut-off strictly after it.
 * A capture at 22:59 settles at 23:00 that day; one at 23:00 exactly has missed it and settles at
 * 23:00 the next day (the batch closes at the cut-off).
 */
export function nextSettlement(capturedAt: Date, cutoffMinutes: number): Date {
  const startOfDay = Math.floor(capturedAt.getTime() / DAY_MS) * DAY_MS;
  const today = startOfDay + cutoffMinutes * 60_000;
  return new Date(today > capturedAt.getTime() ? today : today + DAY_MS);
}

/** The batch id of a settlement instant: every row settled at the same instant is in one batch. */
export const batchId = (settledAt: Date): string => String(Math.floor(settledAt.getTime() / 1000));

const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** Whether an authorisation made at `authorizedAt` has lapsed at `now`. */
export const authorizationExpired = (authorizedAt: Date, now: Date): boolean =>
  daysAfter(authorizedAt, AUTHORIZATION_LIFETIME_DAYS).getTime() <= now.getTime();

/** Whether a charge settled at `settledAt` is past its refund window at `now`. */
export const refundWindowClosed = (settledAt: Date, now: Date): boolean =>
  daysAfter(settledAt, REFUND_WINDOW_DAYS).getTime() < now.getTime();

/** Whether a row due to settle at `settleAt` (null: never captured) has settled at `now`. */
export const isSettled = (settleAt: Date | null, now: Date): settleAt is Date =>
  settleAt !== null && settleAt.getTime() <= now.getTime();

/** The gateway's transactionStatus values the simulator can report. */
export type TransactionStatus =
  | 'authorizedPendingCapture'
  | 'capturedPendingSettlement'
  | 'settledSuccessfully'
  | 'refundPendingSettlement'
  | 'refundSettledSuccessfully'
  | 'voided'
  | 'declined'
  | 'generalError'
  | 'expired';

/** What a row's status reads as at `now`: the simulator's own states plus the calendar. */
export function transactionStatus(
  row: { status: string; createdAt: Date; settleAt: Date | null },
  now: Date,
): TransactionStatus {
  switch (row.status) {
    case 'authorized':
      return authorizationExpired(row.createdAt, now) ? 'expired' : 'authorizedPendingCapture';
    case 'captured':
      return isSettled(row.settleAt, now) ? 'settledSuccessfully' : 'capturedPendingSettlement';
    case 'refunded':
      return isSettled(row.settleAt, now) ? 'refundSettledSuccessfully' : 'refundPendingSettlement';
    case 'voided':
      return 'voided';
    case 'declined':
      return 'declined';
    default:
      return 'generalError';
  }
}
