import { describe, expect, it } from 'vitest';
import { formatLaunchTime, fromDatetimeLocal, toDatetimeLocal } from './schedule';

describe('toDatetimeLocal', () => {
  it('shows an instant as the wall-clock time of this zone, to the minute', () => {
    const iso = '2026-03-04T18:45:30.000Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(toDatetimeLocal(iso)).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`,
    );
  });

  it('is empty for no launch time or a bad one', () => {
    expect(toDatetimeLocal(null)).toBe('');
    expect(toDatetimeLocal(undefined)).toBe('');
    expect(toDatetimeLocal('soon')).toBe('');
  });
});

describe('fromDatetimeLocal', () => {
  it('reads the value as local time and sends an ISO instant', () => {
    expect(fromDatetimeLocal('2026-03-04T19:30')).toBe(new Date(2026, 2, 4, 19, 30).toISOString());
    expect(fromDatetimeLocal('2026-03-04T19:30:15')).toBe(new Date(2026, 2, 4, 19, 30, 15).toISOString());
  });

  it('round-trips with toDatetimeLocal', () => {
    const iso = new Date(2026, 10, 1, 7, 5).toISOString();
    expect(fromDatetimeLocal(toDatetimeLocal(iso))).toBe(iso);
  });

  it('gives null for an empty or malformed value (so Schedule Show stays disabled)', () => {
    expect(fromDatetimeLocal('')).toBeNull();
    expect(fromDatetimeLocal('2026-03-04')).toBeNull();
    expect(fromDatetimeLocal('2026-13-45T99:99')).toBeNull();
    expect(fromDatetimeLocal('tomorrow')).toBeNull();
  });
});

describe('formatLaunchTime', () => {
  it('says when nothing is scheduled', () => {
    expect(formatLaunchTime(null)).toBe('Not scheduled');
    expect(formatLaunchTime('nope')).toBe('Not scheduled');
  });

  it('formats a launch time with date and time', () => {
    const text = formatLaunchTime(new Date(2026, 2, 4, 19, 30).toISOString());
    expect(text).toMatch(/^Mar 4, 2026, 7:30\sPM$/);
  });
});
