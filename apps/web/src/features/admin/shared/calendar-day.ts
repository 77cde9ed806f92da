// Calendar days (YYYY-MM-DD: rule dates, dates of birth) are read in UTC: a day is not an instant
// and must not move a day with the admin's time zone.

const formats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
};

/** "Jan 1, 2025" (short) or "January 1, 2025" (long); the text itself if it is not a day. */
export function formatCalendarDay(day: string, style: keyof typeof formats = 'short'): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : formats[style].format(at);
}
