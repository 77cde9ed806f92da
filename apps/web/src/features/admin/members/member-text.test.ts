import { describe, expect, it } from 'vitest';
import { dateOfBirthText, memberDestinationText } from './member-text';

describe('a member as the admin reads them', () => {
  it('gives the destination the rules judge', () => {
    expect(memberDestinationText({ city: 'Austin', state: 'TX', zip: '78701' })).toBe('Austin, TX 78701');
    expect(memberDestinationText({ city: null, state: 'CA', zip: null })).toBe('CA');
    expect(memberDestinationText({ city: null, state: null, zip: null })).toBeNull();
  });

  it('gives the date of birth as a calendar day with the age on that day (a birthday counts on its day)', () => {
    expect(dateOfBirthText('2004-06-01', '2025-05-31')).toBe('June 1, 2004 (age 20)');
    expect(dateOfBirthText('2004-06-01', '2025-06-01')).toBe('June 1, 2004 (age 21)');
    expect(dateOfBirthText(null, '2025-06-01')).toBeNull();
  });
});
