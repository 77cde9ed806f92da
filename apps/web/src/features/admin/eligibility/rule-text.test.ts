import { describe, expect, it } from 'vitest';
import { ruleClassText, ruleDatesText, ruleDestinationText, ruleEffectText, ruleTiming } from './rule-text';

const labels: Record<string, string> = { armed_forces: 'Armed forces on duty', dealer: 'Dealer' };
const kindLabel = (code: string) => labels[code] ?? code;
const where = { state: 'CA', city: null, zipPrefix: null };

describe('a rule in words', () => {
  it('names the class, or all classes', () => {
    expect(ruleClassText({ legalClass: 'otf_double' })).toBe('OTF double-action');
    expect(ruleClassText({ legalClass: null })).toBe('All classes');
  });

  it('names the destination: anywhere, outside the ship-from state, a state, a city, a ZIP prefix', () => {
    expect(ruleDestinationText({ ...where, state: '*' }, 'TX')).toBe('Anywhere');
    expect(ruleDestinationText({ ...where, state: 'interstate' }, 'TX')).toBe('Outside TX');
    expect(ruleDestinationText({ ...where, state: 'interstate' }, undefined)).toBe('Outside the ship-from state');
    expect(ruleDestinationText(where, 'TX')).toBe('CA');
    expect(ruleDestinationText({ ...where, state: 'IL', city: 'Chicago' }, 'TX')).toBe('Chicago, IL');
    expect(ruleDestinationText({ ...where, state: 'IL', zipPrefix: '606' }, 'TX')).toBe('IL · ZIP 606…');
  });

  it('says what the rule does', () => {
    const rule = { value: null, attestations: [] };
    expect(ruleEffectText({ ...rule, effect: 'forbid' }, kindLabel)).toBe('Forbidden');
    expect(ruleEffectText({ ...rule, effect: 'allow' }, kindLabel)).toBe('Allowed');
    expect(ruleEffectText({ ...rule, effect: 'min_age', value: '21' }, kindLabel)).toBe('Minimum age 21');
    expect(ruleEffectText({ ...rule, effect: 'max_blade', value: '2' }, kindLabel)).toBe('Blade at most 2.00 in');
    expect(
      ruleEffectText({ ...rule, effect: 'needs_attestation', attestations: ['armed_forces', 'dealer'] }, kindLabel),
    ).toBe('Needs one of: Armed forces on duty, Dealer');
  });

  it('gives the dates as calendar days, wherever the admin is', () => {
    expect(ruleDatesText({ effectiveFrom: '2025-01-01', effectiveTo: null })).toBe('From Jan 1, 2025');
    expect(ruleDatesText({ effectiveFrom: '2025-01-01', effectiveTo: '2026-12-31' })).toBe(
      'Jan 1, 2025 – Dec 31, 2026',
    );
  });

  it('tells a rule in effect from one not yet in effect or past its end (both ends count)', () => {
    const rule = { effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' };
    expect(ruleTiming(rule, '2024-12-31')).toBe('upcoming');
    expect(ruleTiming(rule, '2025-01-01')).toBe('in-effect');
    expect(ruleTiming(rule, '2025-12-31')).toBe('in-effect');
    expect(ruleTiming(rule, '2026-01-01')).toBe('ended');
    expect(ruleTiming({ ...rule, effectiveTo: null }, '2099-01-01')).toBe('in-effect');
  });
});
