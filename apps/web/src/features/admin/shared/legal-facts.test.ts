import { describe, expect, it } from 'vitest';
import { adminBladeText, adminLegalFactsText, LegalClassChoice, legalClassOptions } from './legal-facts';

describe("an item's legal facts as an admin reads them", () => {
  it('gives the class and the exact blade length, "No blade" for gear', () => {
    expect(adminLegalFactsText({ legalClass: 'automatic', bladeLength: '3.5' })).toBe(
      'Automatic (side-opener) · 3.50 in',
    );
    expect(adminLegalFactsText({ legalClass: 'gear', bladeLength: '0.00' })).toBe('Non-knife gear · No blade');
    expect(adminBladeText(null)).toBeNull();
  });

  it('has nothing to say of an unclassified item (the card shows the Unclassified warning instead)', () => {
    expect(adminLegalFactsText({ legalClass: null, bladeLength: null })).toBeNull();
  });

  it('makes the admin choose a class: the select starts empty, and empty is refused in the contract’s words', () => {
    expect(legalClassOptions[0]).toEqual({ value: '', label: 'Select a legal class' });
    expect(legalClassOptions).toHaveLength(10);
    expect(LegalClassChoice.safeParse('').error?.issues[0]?.message).toBe('Choose a legal class');
    expect(LegalClassChoice.parse('balisong')).toBe('balisong');
  });
});
