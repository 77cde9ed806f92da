import { describe, expect, it } from 'vitest';
import { bladeLengthText, legalFactsText } from './legal-facts';

describe("an item's legal class and blade length, as members read them", () => {
  it('names the class and the blade in inches', () => {
    expect(legalFactsText({ legalClass: 'automatic', bladeLength: '3.25' })).toBe(
      'Automatic (side-opener) · 3.25 in blade',
    );
    expect(legalFactsText({ legalClass: 'fixed_blade', bladeLength: '4.50' })).toBe('Fixed blade · 4.5 in blade');
    expect(bladeLengthText('3.00')).toBe('3 in blade');
  });

  it('shows no blade for gear without one, and nothing for an item not classified yet', () => {
    expect(legalFactsText({ legalClass: 'gear', bladeLength: '0.00' })).toBe('Non-knife gear');
    expect(legalFactsText({ legalClass: null, bladeLength: null })).toBe('');
    expect(bladeLengthText(null)).toBeNull();
  });
});
