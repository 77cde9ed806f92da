import { eligibilityMessages } from '@vault/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DecideContext,
  decide,
  type ItemFacts,
  type MemberFacts,
  type RuleFacts,
} from '../../src/eligibility/decide';
import { ATTESTATIONS, type Scenario, scenario, shiftDays } from './decide-arbitraries';
import { referenceDecide, referenceMatches, referenceWinners } from './reference-rules';

// The engine (decide.ts) against a plain reference of the same semantics, over generated rule
// sets, members and items; then the cases members and admins meet, one by one, in plain words.

const RUNS = 2_500;

/** Seen over the runs, so a generator that stops producing a case fails loudly instead of silently. */
const seen = new Map<string, number>();
const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

function tally({ item, member, ctx }: Scenario, refusedBy: string | null) {
  const byId = new Map(ctx.rules.map((rule) => [rule.id, rule]));
  const matching = ctx.rules.filter((rule) => referenceMatches(rule, item, member, ctx));
  const winners = referenceWinners(item, member, ctx);
  if (refusedBy === null) note(winners.length === 3 ? 'allowed by three aspects' : 'allowed');
  else note(byId.has(refusedBy) ? `refused by ${byId.get(refusedBy)?.effect}` : `refused: ${refusedBy}`);
  if (refusedBy !== null && !byId.has(refusedBy)) return;
  if (matching.length >= 2) note('several rules match');
  for (const rule of winners) {
    if (rule.zipPrefix) note('a ZIP prefix rule wins');
    else if (rule.city) note('a city rule wins');
    else if (rule.state === 'interstate') note('an interstate rule wins');
    if (rule.effectiveTo === ctx.today) note('a rule on its last day wins');
    if (rule.effectiveFrom === ctx.today) note('a rule on its first day wins');
    const rivals = matching.filter((other) => other !== rule && aspect(other) === aspect(rule));
    if (rivals.some((other) => destination(other) === destination(rule))) note('rivals as narrow in destination');
    const even = rivals.filter((other) => narrowness(other) === narrowness(rule));
    if (even.some((other) => other.effectiveFrom !== rule.effectiveFrom)) note('rivals settled by start day');
    if (even.some((other) => other.effectiveFrom === rule.effectiveFrom)) note('rivals settled by id');
  }
}

const aspect = (rule: RuleFacts) => (rule.effect === 'min_age' || rule.effect === 'max_blade' ? rule.effect : 'access');
const destination = (rule: RuleFacts) =>
  `${rule.zipPrefix?.length ?? 0}/${rule.city ? 'city' : ''}/${rule.state.length === 2 ? 'state' : rule.state}`;
const narrowness = (rule: RuleFacts) => `${destination(rule)}/${rule.legalClass ? 'class' : ''}`;

describe('decide against the reference semantics', () => {
  it(`agrees on the verdict, the refusing rule and the rules an allowed sale records (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const want = referenceDecide(s.item, s.member, s.ctx);
        tally(s, want.refusedBy);
        // The same rules loaded in the other order must give the same answer.
        for (const rules of [s.ctx.rules, [...s.ctx.rules].reverse()]) {
          const got = decide(s.item, s.member, { ...s.ctx, rules });
          expect(got.ok).toBe(want.ok);
          if (got.ok) {
            expect(got.basis.rules.map((rule) => rule.id)).toEqual(want.ruleIds);
            const versions = new Map(s.ctx.rules.map((rule) => [rule.id, rule.version]));
            for (const rule of got.basis.rules) expect(rule.version).toBe(versions.get(rule.id));
            expect(got.basis).toMatchObject({ decidedOn: s.ctx.today, minimumAge: s.ctx.minimumAge });
          } else {
            expect(got.refusedBy).toBe(want.refusedBy);
            // A member reads the reason: a sentence, never a leaked placeholder.
            expect(got.reason).toMatch(/^[A-Z]/);
            expect(got.reason).not.toMatch(/undefined|null|NaN|\[object/);
          }
        }
      }),
      { numRuns: RUNS },
    );
    const cases = [
      'allowed',
      'allowed by three aspects',
      'refused: unclassified',
      'refused: address',
      'refused: date_of_birth',
      'refused: minimum_age',
      'refused by forbid',
      'refused by needs_attestation',
      'refused by min_age',
      'refused by max_blade',
      'several rules match',
      'a ZIP prefix rule wins',
      'a city rule wins',
      'an interstate rule wins',
      'a rule on its last day wins',
      'a rule on its first day wins',
      'rivals as narrow in destination',
      'rivals settled by start day',
      'rivals settled by id',
    ];
    // Each case turned up at least ten times; on failure the message carries every count.
    const rare = cases.filter((what) => (seen.get(what) ?? 0) < 10);
    expect(rare, JSON.stringify(Object.fromEntries(seen))).toEqual([]);
  });
});

const TODAY = '2025-06-15';
let nextId = 0;

function rule(fields: Partial<RuleFacts> & Pick<RuleFacts, 'effect' | 'state'>): RuleFacts {
  nextId += 1;
  return {
    id: `rule-${String(nextId).padStart(3, '0')}`,
    version: 1,
    legalClass: 'automatic',
    city: null,
    zipPrefix: null,
    effectiveFrom: '2020-01-01',
    effectiveTo: null,
    value: null,
    attestations: [],
    ...fields,
  };
}

function member(fields: Partial<MemberFacts> = {}): MemberFacts {
  return {
    dateOfBirth: '1990-04-02',
    state: 'CA',
    city: 'Los Angeles',
    zip: '90012',
    attestations: new Set(),
    ...fields,
  };
}

const automatic: ItemFacts = { legalClass: 'automatic', bladeLength: '3.50' };

function judge(rules: RuleFacts[], who: MemberFacts, item: ItemFacts = automatic, today = TODAY) {
  const ctx: DecideContext = {
    rules,
    today,
    minimumAge: 18,
    shipFromState: 'TX',
    attestationLabel: (code) => ATTESTATIONS[code] ?? code,
  };
  const got = decide(item, who, ctx);
  // Every example is also one the reference must agree with.
  const want = referenceDecide(item, who, ctx);
  expect({ ok: got.ok, refusedBy: got.ok ? null : got.refusedBy }).toEqual({ ok: want.ok, refusedBy: want.refusedBy });
  return got;
}

describe('decide, case by case', () => {
  it('an automatic shipped interstate needs an attestation: refused without one, allowed with one', () => {
    const interstate = rule({
      state: 'interstate',
      effect: 'needs_attestation',
      attestations: ['armed_forces', 'dealer'],
      version: 3,
    });
    expect(judge([interstate], member())).toEqual({
      ok: false,
      reason:
        'To buy automatic knives for delivery outside TX, record one of these in your account: ' +
        'Armed forces member on duty or Licensed knife dealer',
      refusedBy: interstate.id,
    });
    const allowed = judge([interstate], member({ attestations: new Set(['dealer']) }));
    expect(allowed).toMatchObject({ ok: true, basis: { rules: [{ id: interstate.id, version: 3 }] } });
    // Within the ship-from state the rule does not speak at all.
    expect(judge([interstate], member({ state: 'tx', city: 'Austin', zip: '78701' }))).toMatchObject({
      ok: true,
      basis: { rules: [] },
    });
    // A manual folder is not an automatic.
    expect(judge([interstate], member(), { legalClass: 'manual_folder', bladeLength: '3.00' }).ok).toBe(true);
  });

  it("a city's forbid beats its state's rule; elsewhere in the state the state's rule stands", () => {
    const stateRule = rule({ state: 'NY', effect: 'needs_attestation', attestations: ['dealer'] });
    const cityRule = rule({ state: 'NY', city: 'New York', effect: 'forbid' });
    const dealer = new Set(['dealer']);
    const inCity = member({ state: 'NY', city: '  new york ', zip: '10001', attestations: dealer });
    expect(judge([cityRule, stateRule], inCity)).toEqual({
      ok: false,
      reason: 'Not available for delivery to New York, NY: automatic knives',
      refusedBy: cityRule.id,
    });
    const inBuffalo = member({ state: 'NY', city: 'Buffalo', zip: '14201', attestations: dealer });
    expect(judge([cityRule, stateRule], inBuffalo)).toMatchObject({
      ok: true,
      basis: { rules: [{ id: stateRule.id }] },
    });
  });

  it("a ZIP prefix rule beats the city's rule, and a longer prefix beats a shorter one", () => {
    const cityRule = rule({ state: 'NY', city: 'New York', effect: 'forbid' });
    const zipRule = rule({ state: 'NY', zipPrefix: '100', effect: 'allow' });
    const narrower = rule({ state: 'NY', zipPrefix: '10025', effect: 'forbid' });
    const rules = [cityRule, zipRule, narrower];
    const at = (zip: string) => judge(rules, member({ state: 'NY', city: 'New York', zip }));
    expect(at('10001')).toMatchObject({ ok: true, basis: { rules: [{ id: zipRule.id }] } });
    expect(at('10025-4410')).toEqual({
      ok: false,
      reason: 'Not available for delivery to ZIP 10025…: automatic knives',
      refusedBy: narrower.id,
    });
    expect(at('11201')).toMatchObject({ ok: false, refusedBy: cityRule.id });
  });

  it('a rule applies from its first day through its last: expired yesterday or starting tomorrow it does not', () => {
    const yesterday = shiftDays(TODAY, -1);
    const tomorrow = shiftDays(TODAY, 1);
    const forbid = (effectiveFrom: string, effectiveTo: string | null) =>
      rule({ state: 'CA', effect: 'forbid', effectiveFrom, effectiveTo });
    expect(judge([forbid('2024-01-01', yesterday)], member()).ok).toBe(true);
    expect(judge([forbid(tomorrow, null)], member()).ok).toBe(true);
    expect(judge([forbid('2024-01-01', TODAY)], member()).ok).toBe(false);
    expect(judge([forbid(TODAY, null)], member()).ok).toBe(false);
    // The newer of two equally narrow rules wins while both are in force.
    const older = rule({ state: 'CA', effect: 'forbid', effectiveFrom: '2021-01-01' });
    const newer = rule({ state: 'CA', effect: 'allow', effectiveFrom: '2025-01-01' });
    expect(judge([newer, older], member())).toMatchObject({ ok: true, basis: { rules: [{ id: newer.id }] } });
  });

  it('a minimum age of 19 in AL refuses an 18-year-old and allows them on their 19th birthday', () => {
    const alabama = rule({ state: 'AL', legalClass: 'fixed_blade', effect: 'min_age', value: '19' });
    const bowie: ItemFacts = { legalClass: 'fixed_blade', bladeLength: '9.00' };
    const who = member({ state: 'AL', city: 'Birmingham', zip: '35203', dateOfBirth: '2006-06-16' });
    expect(judge([alabama], who, bowie)).toEqual({
      ok: false,
      reason: 'You must be 19 or older to buy fixed-blade knives for delivery to AL',
      refusedBy: alabama.id,
    });
    expect(judge([alabama], who, bowie, '2025-06-16')).toMatchObject({
      ok: true,
      basis: { rules: [{ id: alabama.id }] },
    });
  });

  it('a member born on Feb 29 comes of age on Mar 1 in a common year', () => {
    const who = member({ dateOfBirth: '2004-02-29' });
    expect(judge([], who, automatic, '2022-02-28')).toEqual({
      ok: false,
      reason: 'You must be at least 18 years old to buy from the vault',
      refusedBy: 'minimum_age',
    });
    expect(judge([], who, automatic, '2022-03-01').ok).toBe(true);
  });

  it('a 2.00 in blade limit refuses 2.01 and allows 2.00', () => {
    const colorado = rule({ state: 'CO', effect: 'max_blade', value: '2' });
    const who = member({ state: 'CO', city: 'Denver', zip: '80202' });
    expect(judge([colorado], who, { legalClass: 'automatic', bladeLength: '2.01' })).toEqual({
      ok: false,
      reason: 'Not available for delivery to CO: automatic knives with blades over 2.00 in',
      refusedBy: colorado.id,
    });
    expect(judge([colorado], who, { legalClass: 'automatic', bladeLength: '2.00' }).ok).toBe(true);
  });

  it('each aspect is settled on its own, and the sale records every winner in the order access, age, blade', () => {
    const access = rule({ state: 'CA', legalClass: null, effect: 'allow', version: 2 });
    const age = rule({ state: '*', effect: 'min_age', value: '21', version: 5 });
    const blade = rule({ state: 'CA', city: 'Los Angeles', effect: 'max_blade', value: '3.5' });
    expect(judge([blade, age, access], member())).toMatchObject({
      ok: true,
      basis: {
        decidedOn: TODAY,
        minimumAge: 18,
        rules: [access, age, blade].map(({ id, version }) => ({ id, version })),
      },
    });
  });

  it('reasons read as plain words', () => {
    const california = rule({ state: 'CA', effect: 'forbid' });
    expect(judge([california], member())).toMatchObject({
      reason: 'Not available for delivery to CA: automatic knives',
    });
    const unclassified = { legalClass: null, bladeLength: null };
    expect(judge([], member(), unclassified)).toMatchObject({ reason: eligibilityMessages.unclassified });
    expect(judge([], member({ state: ' ' }))).toMatchObject({ reason: eligibilityMessages.needsAddress });
    expect(judge([], member({ dateOfBirth: null }))).toMatchObject({ reason: eligibilityMessages.needsDateOfBirth });
  });
});
