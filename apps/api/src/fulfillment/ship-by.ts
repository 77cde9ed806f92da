// A package's ship-by day: the operator's promise (Whatnot's is 2 business days after the show),
// counted on the UTC calendar so every replica and every screen agrees on the day.

/** The calendar day (YYYY-MM-DD, UTC) of a moment. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/**
 * The `days`-th business day (Monday to Friday) after `day` (YYYY-MM-DD). With 0 it is the day
 * itself, or the Monday after when the day falls on a weekend: nothing ships on a Sunday.
 */
export function businessDaysAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  let left = days;
  while (left > 0 || isWeekend(date)) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (!isWeekend(date)) left = Math.max(0, left - 1);
  }
  return utcDay(date);
}

/** Not shipped and its ship-by day is over (UTC). */
export const isLate = (shipBy: string, now: Date): boolean => utcDay(now) > shipBy;
