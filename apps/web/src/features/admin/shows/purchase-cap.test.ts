import { describe, expect, it } from 'vitest';
import { capSummary, parsePurchaseCap } from './purchase-cap';

describe('the per-member limit field', () => {
  it('reads empty (or blanks) as no cap', () => {
    expect(parsePurchaseCap('')).toEqual({ ok: true, cap: null });
    expect(parsePurchaseCap('   ')).toEqual({ ok: true, cap: null });
  });

  it('reads a whole number from 1 to 1000 as the cap', () => {
    expect(parsePurchaseCap('1')).toEqual({ ok: true, cap: 1 });
    expect(parsePurchaseCap(' 1000 ')).toEqual({ ok: true, cap: 1000 });
  });

  it("refuses anything else with the contract's messages", () => {
    expect(parsePurchaseCap('0')).toEqual({ ok: false, message: 'Purchase limit must be at least 1' });
    expect(parsePurchaseCap('1001')).toEqual({ ok: false, message: 'Purchase limit must be at most 1000' });
    expect(parsePurchaseCap('2.5')).toEqual({ ok: false, message: 'Purchase limit must be a whole number' });
    expect(parsePurchaseCap('two')).toEqual({ ok: false, message: 'Purchase limit must be a whole number' });
  });

  it('says what the limit means', () => {
    expect(capSummary(null)).toBe('Members can buy any number of items');
    expect(capSummary(1)).toBe('Members can buy at most 1 item');
    expect(capSummary(3)).toBe('Members can buy at most 3 items');
  });
});
