import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows a dollar sign and two decimals', () => {
    expect(formatMoney('1')).toBe('$1.00');
    expect(formatMoney('249.5')).toBe('$249.50');
    expect(formatMoney('0.005')).toBe('$0.01');
  });

  it('separates thousands', () => {
    expect(formatMoney(1200)).toBe('$1,200.00');
    expect(formatMoney('1234567.8')).toBe('$1,234,567.80');
    expect(formatMoney('99999999.99')).toBe('$99,999,999.99');
  });

  it('never shows NaN', () => {
    expect(formatMoney('not a number')).toBe('$0.00');
  });
});

describe('formatDate', () => {
  it('formats an ISO timestamp', () => {
    expect(formatDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
  });

  it('is empty for a bad value', () => {
    expect(formatDate('nope')).toBe('');
  });
});
