import { once } from './once';

// The formatters are built once for the whole app (one per call is slow in long lists), on first
// use: building an Intl formatter loads locale and time-zone data, milliseconds a phone would
// otherwise spend before its first screen for a date it may never show.
const money = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** A money string ("12.50", or null as nothing) as whole cents, so sums and comparisons are exact. */
export const cents = (amount: string | null): number => Math.round(Number(amount ?? '0') * 100);

/** Prices and amounts with a dollar sign, thousands separators and two decimals (SPEC "Price display"): "$1,234.00". */
export function formatMoney(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return money().format(Number.isFinite(value) ? value : 0);
}

/** A short, readable date for order and purchase lists, e.g. "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

// Calendar days (YYYY-MM-DD: rule dates, dates of birth) are read in UTC: a day is not an instant
// and must not move a day with the admin's time zone.

const formats = {
  short: once(
    () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  ),
  long: once(
    () => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  ),
};

/** "Jan 1, 2025" (short) or "January 1, 2025" (long); the text itself if it is not a day. */
export function formatCalendarDay(day: string, style: keyof typeof formats = 'short'): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : formats[style]().format(at);
}
