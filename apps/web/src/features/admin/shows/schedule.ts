// A datetime-local input holds a wall-clock time with no zone; the API wants an instant (Schedule
// Show sends the launch time as an ISO datetime). The admin means their own local time, so both directions go
// through this browser's time zone.

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in this browser's zone ("2026-03-04T19:30"); '' if none. */
export function toDatetimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read as local time, as an ISO instant; null when empty or not a date. */
export function fromDatetimeLocal(local: string): string | null {
  // Only the input's own shape: `new Date()` would read a date-only string as UTC midnight.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A launch time for lists, in the admin's local time, e.g. "Mar 4, 2026, 7:30 PM". */
export function formatLaunchTime(iso: string | null | undefined): string {
  if (!iso) return 'Not scheduled';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Not scheduled';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
