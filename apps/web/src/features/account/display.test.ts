import { describe, expect, it } from 'vitest';
import { purchaseStatusVariant } from '../../lib/purchase-status';
import { formatAddress, formatDateOfBirth, fullNameOf, orderNumber, skillLabel } from './display';

describe('account display helpers', () => {
  it('maps purchase statuses to the status badge styles', () => {
    expect(purchaseStatusVariant('completed')).toBe('default');
    expect(purchaseStatusVariant('pending')).toBe('secondary');
    expect(purchaseStatusVariant('failed')).toBe('destructive');
    expect(purchaseStatusVariant('authorized')).toBe('outline');
    expect(purchaseStatusVariant('voided')).toBe('outline');
  });

  it('shows the first 8 characters of an order id', () => {
    expect(orderNumber('3f2a9c1d-0000-4000-8000-000000000000')).toBe('3f2a9c1d');
  });

  it('formats whatever address parts exist', () => {
    expect(formatAddress({ address: '12 Forge Lane', city: 'Austin', state: 'TX', zip: '78701' })).toBe(
      '12 Forge Lane, Austin, TX 78701',
    );
    expect(formatAddress({ address: null, city: null, state: null, zip: null })).toBe('');
  });

  it('prefers the full name, else first and last', () => {
    expect(fullNameOf({ fullName: 'Ada Blade', firstName: 'A', lastName: 'B' })).toBe('Ada Blade');
    expect(fullNameOf({ fullName: null, firstName: 'Ada', lastName: 'Blade' })).toBe('Ada Blade');
  });

  it('capitalises the skill level', () => {
    expect(skillLabel('intermediate')).toBe('Intermediate');
    expect(skillLabel(null)).toBeUndefined();
  });

  it('writes a date of birth out in words, the same day in every time zone', () => {
    expect(formatDateOfBirth('1990-03-04')).toBe('March 4, 1990');
    expect(formatDateOfBirth('2000-12-31')).toBe('December 31, 2000');
    expect(formatDateOfBirth(null)).toBeUndefined();
  });
});
