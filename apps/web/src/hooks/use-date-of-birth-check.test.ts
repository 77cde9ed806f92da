import { dateOfBirthMessages } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { isDateOfBirthMessage, underAgeMessage } from './use-date-of-birth-check';

describe("the date of birth against the operator's minimum age", () => {
  const today = '2026-03-04';

  it('refuses a member younger than the minimum on the day, and counts a birthday on its day', () => {
    expect(underAgeMessage('2008-03-05', 18, today)).toBe('You must be at least 18 years old to join the vault');
    expect(underAgeMessage('2008-03-04', 18, today)).toBeUndefined();
    expect(underAgeMessage('2005-03-05', 21, today)).toBe(dateOfBirthMessages.underAge(21));
  });

  it("leaves empty, malformed and future dates to the contract's own messages, and waits for the minimum", () => {
    expect(underAgeMessage('', 18, today)).toBeUndefined();
    expect(underAgeMessage('2008-02-30', 18, today)).toBeUndefined();
    expect(underAgeMessage('2027-01-01', 18, today)).toBeUndefined();
    expect(underAgeMessage('2020-01-01', undefined, today)).toBeUndefined();
  });

  it("recognises the server's date-of-birth refusals, so they read under the field", () => {
    expect(isDateOfBirthMessage(dateOfBirthMessages.underAge(19))).toBe(true);
    expect(isDateOfBirthMessage(dateOfBirthMessages.locked)).toBe(true);
    expect(isDateOfBirthMessage(dateOfBirthMessages.required)).toBe(true);
    expect(isDateOfBirthMessage('ZIP code is required')).toBe(false);
    expect(isDateOfBirthMessage(undefined)).toBe(false);
  });
});
