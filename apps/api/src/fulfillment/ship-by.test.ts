import { describe, expect, it } from 'vitest';
import { businessDaysAfter, isLate, utcDay } from './ship-by';

describe('ship-by business days (Monday to Friday, UTC)', () => {
  it.each([
    // 2026-11-02 is a Monday.
    ['2026-11-02', 2, '2026-11-04'],
    ['2026-11-04', 2, '2026-11-06'],
    ['2026-11-05', 2, '2026-11-09'],
    ['2026-11-06', 2, '2026-11-10'],
    ['2026-11-07', 2, '2026-11-10'],
    ['2026-11-08', 2, '2026-11-10'],
    ['2026-11-06', 1, '2026-11-09'],
    ['2026-11-02', 5, '2026-11-09'],
    ['2026-11-02', 10, '2026-11-16'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', 1, '2027-01-04'],
    ['2028-02-28', 1, '2028-02-29'],
  ])('%s + %i business days is %s', (day, days, expected) => {
    expect(businessDaysAfter(day, days)).toBe(expected);
  });

  it('ships the same day with 0 days, or the Monday after a weekend', () => {
    expect(businessDaysAfter('2026-11-04', 0)).toBe('2026-11-04');
    expect(businessDaysAfter('2026-11-07', 0)).toBe('2026-11-09');
    expect(businessDaysAfter('2026-11-08', 0)).toBe('2026-11-09');
  });

  it('reads the day in UTC, whatever the moment’s local day', () => {
    expect(utcDay(new Date('2026-11-06T23:59:59.999Z'))).toBe('2026-11-06');
    expect(utcDay(new Date('2026-11-07T00:00:00-05:00'))).toBe('2026-11-07');
    expect(businessDaysAfter(utcDay(new Date('2026-11-06T23:30:00-02:00')), 2)).toBe('2026-11-10');
  });

  it('is late only once the ship-by day is over', () => {
    expect(isLate('2026-11-04', new Date('2026-11-04T23:59:59Z'))).toBe(false);
    expect(isLate('2026-11-04', new Date('2026-11-05T00:00:00Z'))).toBe(true);
  });
});
