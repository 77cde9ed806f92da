import type { EligibilityRuleView } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import { emptyRuleForm, RuleFormSchema, ruleBody, ruleFieldOf, ruleFormValues } from './rule-form';

const rule: EligibilityRuleView = {
  id: '7d3a0c1e-8b1f-4a9e-9c55-0f4f3c2b1a10',
  legalClass: 'automatic',
  state: 'IL',
  city: 'Chicago',
  zipPrefix: null,
  effectiveFrom: '2024-01-01',
  effectiveTo: null,
  effect: 'forbid',
  value: null,
  attestations: [],
  note: 'City ordinance',
  sourceUrl: 'https://example.com/ordinance',
  example: true,
  version: 2,
  retiredAt: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('the rule form', () => {
  it('round-trips a rule through the form into the body the contract takes', () => {
    const { id, example, version, retiredAt, updatedAt, ...fields } = rule;
    expect(RuleFormSchema.parse(ruleFormValues(rule))).toEqual(fields);
  });

  it("reads '*' and 'interstate' as the destination choice, and sends no city or ZIP with them", () => {
    const values = { ...ruleFormValues({ ...rule, state: 'interstate' }), city: 'Leftover', zipPrefix: '606' };
    expect(values.scope).toBe('interstate');
    expect(values.state).toBe('');
    expect(ruleBody(values)).toMatchObject({ state: 'interstate', city: null, zipPrefix: null });
    expect(ruleBody({ ...values, scope: '*' }).state).toBe('*');
  });

  it('sends all classes as null, and a value or attestations only with the effects that read them', () => {
    const values = { ...emptyRuleForm('2025-06-01'), state: 'tx', note: 'n', value: '21', attestations: ['dealer'] };
    expect(RuleFormSchema.parse(values)).toMatchObject({
      legalClass: null,
      state: 'TX',
      effect: 'forbid',
      value: null,
      attestations: [],
    });
    expect(RuleFormSchema.parse({ ...values, effect: 'min_age' })).toMatchObject({ value: '21', attestations: [] });
    expect(RuleFormSchema.parse({ ...values, effect: 'needs_attestation' })).toMatchObject({
      value: null,
      attestations: ['dealer'],
    });
  });

  it("puts the contract's messages under the fields they are about", () => {
    const values = { ...emptyRuleForm('2025-06-01'), effect: 'max_blade' as const, state: 'Texas', note: '' };
    const issues = RuleFormSchema.safeParse(values).error?.issues ?? [];
    const byField = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField.state).toBe("State must be a two-letter code, '*' (anywhere) or 'interstate'");
    expect(byField.note).toBe('Say what the rule is for (a note for whoever reads it next)');
  });

  it('places a server refusal under its field, or above the buttons when it is about no field', () => {
    const values = { ...emptyRuleForm('2025-06-01'), state: 'TX', note: 'n', effectiveTo: '2025-01-01' };
    expect(ruleFieldOf('The rule cannot end before it starts', values)).toBe('effectiveTo');
    expect(ruleFieldOf('One of the attestations is not defined', values)).toBe('attestations');
    expect(ruleFieldOf('This rule is retired; add a new one instead', values)).toBeNull();
  });
});
