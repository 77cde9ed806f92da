import { type EligibilityEffect, LEGAL_CLASSES, type LegalClass } from '@vault/contracts';
import fc from 'fast-check';
import type { DecideContext, ItemFacts, MemberFacts, RuleFacts } from '../../src/eligibility/decide';

// Generators for the decision's property test. The pools are small on purpose, so that generated
// rules and members meet: a few states (the ship-from state among them), cities written with other
// case and spacing, ZIPs sharing prefixes, days on and beside today, birthdays on and beside an age
// boundary (Feb 29 included), blade lengths a hundredth either side of the rules' limits.

export const ATTESTATIONS: Record<string, string> = {
  armed_forces: 'Armed forces member on duty',
  law_enforcement: 'Law-enforcement purchase',
  dealer: 'Licensed knife dealer',
  one_armed: 'One-armed buyer, blade 3 in or less',
};
const CODES = Object.keys(ATTESTATIONS);

/** Days the decision is judged on: ordinary ones, a year's end, and both sides of Feb 29. */
const TODAYS = ['2025-06-15', '2025-12-31', '2026-01-01', '2022-02-28', '2022-03-01', '2023-03-01', '2024-02-29'];
const STATES = ['TX', 'NY', 'CA', 'AL', 'CO'];
const CITIES = ['New York', 'Buffalo', 'Los Angeles', 'Austin', 'Denver'];
const ZIPS = ['10001', '10025', '14201', '90012', '90210', '78701', '35203', '80202'];
/** Limits as an admin may type them; item lengths are stored with two decimals. */
const BLADE_LIMITS = ['0', '2', '2.00', '2.5', '2.50', '3', '3.5', '4', '12'];
const BLADES = ['0.00', '1.99', '2.00', '2.01', '2.49', '2.50', '2.51', '2.99', '3.00', '3.01', '3.50', '3.51', '4.00'];
/** Births on Feb 29 and beside it: ages 17–22 on the TODAYS around it. */
const LEAP_BIRTHS = ['2000-02-29', '2004-02-29', '2004-02-28', '2004-03-01', '2005-03-01', '2003-02-28'];

export function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same calendar day `years` earlier (Feb 29 rolls to Mar 1 in a common year), moved by `days`. */
function yearsBefore(day: string, years: number, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year - years, month - 1, date));
  return shiftDays(at.toISOString().slice(0, 10), days);
}

/** Mostly yesterday, today or tomorrow (and the day either side), sometimes far off. */
const dayAround = (today: string) =>
  fc
    .oneof({ arbitrary: fc.integer({ min: -2, max: 2 }), weight: 3 }, fc.integer({ min: -900, max: 900 }))
    .map((offset) => shiftDays(today, offset));

/** A name as it may be written: as is, lower case, upper case, or padded with spaces. */
const spelled = (names: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...names), fc.constantFrom('as-is', 'lower', 'upper', 'padded'))
    .map(([name, how]) =>
      how === 'lower'
        ? name.toLowerCase()
        : how === 'upper'
          ? name.toUpperCase()
          : how === 'padded'
            ? ` ${name}  `
            : name,
    );

/** Classes the rules are usually about, weighted so class-specific rules often meet the item. */
const legalClass = fc.oneof(
  { arbitrary: fc.constantFrom<LegalClass>('automatic', 'balisong', 'fixed_blade'), weight: 3 },
  { arbitrary: fc.constantFrom<LegalClass>(...LEGAL_CLASSES), weight: 2 },
);

const dateOfBirth = (today: string) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 16, max: 23 }), fc.integer({ min: -2, max: 2 }))
        .map(([years, days]) => yearsBefore(today, years, days)),
      weight: 3,
    },
    fc.constantFrom(...LEAP_BIRTHS),
    { arbitrary: fc.integer({ min: 0, max: 50 * 365 }).map((days) => shiftDays('1950-01-01', days)), weight: 3 },
  );

export const memberFacts = (today: string): fc.Arbitrary<MemberFacts> =>
  fc.record({
    dateOfBirth: fc.option(dateOfBirth(today), { freq: 15 }),
    state: fc.oneof({ arbitrary: spelled(STATES), weight: 12 }, fc.constantFrom<string | null>(null, '', '  ')),
    city: fc.option(spelled(CITIES), { freq: 5 }),
    zip: fc.option(
      fc.oneof(
        { arbitrary: fc.constantFrom(...ZIPS), weight: 4 },
        fc.constantFrom(...ZIPS).map((zip) => `${zip}-1234`),
        fc.constantFrom(...ZIPS).map((zip) => ` ${zip} `),
      ),
      { freq: 8 },
    ),
    attestations: fc.subarray(CODES).map((codes) => new Set(codes)),
  });

export const itemFacts: fc.Arbitrary<ItemFacts> = fc.oneof(
  { arbitrary: fc.record({ legalClass, bladeLength: fc.constantFrom(...BLADES) }), weight: 12 },
  fc.record({ legalClass: fc.constant(null), bladeLength: fc.option(fc.constantFrom(...BLADES)) }),
);

/** What a rule does, with the value or attestations that effect carries (and none it does not). */
interface RuleEffect {
  effect: EligibilityEffect;
  value: string | null;
  attestations: string[];
}
const ruleEffect: fc.Arbitrary<RuleEffect> = fc.oneof(
  fc.constantFrom('forbid', 'allow').map((effect): RuleEffect => ({ effect, value: null, attestations: [] })),
  fc
    .subarray(CODES, { minLength: 1 })
    .map((attestations): RuleEffect => ({ effect: 'needs_attestation', value: null, attestations })),
  fc
    .constantFrom('0', '18', '19', '20', '21')
    .map((value): RuleEffect => ({ effect: 'min_age', value, attestations: [] })),
  fc.constantFrom(...BLADE_LIMITS).map((value): RuleEffect => ({ effect: 'max_blade', value, attestations: [] })),
);

/** One of `own` (when there is one) more often than not, else one of the pool's. */
const mostlyOwn = <T>(own: T | null, pool: fc.Arbitrary<T>) =>
  own === null ? pool : fc.oneof({ arbitrary: fc.constant(own), weight: 2 }, pool);

/**
 * A rule drawn near this member and item, so that rules often match and compete: its state, city,
 * ZIP prefix and class are as often the member's (or the item's) as any other.
 */
const ruleFacts = (today: string, member: MemberFacts, item: ItemFacts): fc.Arbitrary<RuleFacts> => {
  const memberState = member.state?.trim().toUpperCase() || null;
  const memberCity = member.city?.trim() || null;
  const memberZip = member.zip?.trim().slice(0, 5) || null;
  return fc
    .record({
      id: fc.uuid(),
      version: fc.integer({ min: 1, max: 9 }),
      legalClass: fc.option(mostlyOwn(item.legalClass, legalClass), { freq: 3 }),
      state: fc.oneof(fc.constantFrom('*', 'interstate'), mostlyOwn(memberState, fc.constantFrom(...STATES))),
      city: fc.option(
        mostlyOwn(memberCity, fc.constantFrom(...CITIES)).chain((city) => spelled([city])),
        { freq: 2 },
      ),
      zipPrefix: fc.option(
        fc
          .tuple(mostlyOwn(memberZip, fc.constantFrom(...ZIPS, '99999')), fc.integer({ min: 1, max: 5 }))
          .map(([zip, digits]) => zip.slice(0, digits)),
        { freq: 2 },
      ),
      days: fc.tuple(dayAround(today), dayAround(today)).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a])),
      open: fc.boolean(),
      does: ruleEffect,
    })
    .map(({ days: [from, to], open, does, city, ...rule }) => ({
      ...rule,
      // Stored cities are trimmed (the rule form trims them); case is kept as the admin typed it.
      city: city === null ? null : city.trim(),
      effectiveFrom: from,
      effectiveTo: open ? null : to,
      ...does,
    }));
};

export interface Scenario {
  item: ItemFacts;
  member: MemberFacts;
  ctx: DecideContext;
}

/**
 * Rule sets of 0–12 rules: up to 8 drawn freely, and up to 4 twins that copy one of them's
 * destination with another effect, start day, id and perhaps no class, so that equally narrow
 * rules meet and the later start, then the id, must settle them.
 */
const ruleSet = (today: string, member: MemberFacts, item: ItemFacts): fc.Arbitrary<RuleFacts[]> =>
  fc
    .tuple(
      fc.uniqueArray(ruleFacts(today, member, item), { maxLength: 8, selector: (rule) => rule.id }),
      fc.array(
        fc.record({
          of: fc.nat(),
          id: fc.uuid(),
          version: fc.integer({ min: 1, max: 9 }),
          from: dayAround(today),
          classless: fc.boolean(),
          does: ruleEffect,
        }),
        { maxLength: 4 },
      ),
    )
    .map(([rules, twins]) => {
      const all = [...rules];
      for (const { of, id, version, from, classless, does } of twins) {
        const original = rules[of % Math.max(rules.length, 1)];
        if (!original || all.some((rule) => rule.id === id)) continue;
        const effectiveTo = original.effectiveTo !== null && original.effectiveTo < from ? null : original.effectiveTo;
        const legalClass = classless ? null : original.legalClass;
        all.push({ ...original, id, version, legalClass, effectiveFrom: from, effectiveTo, ...does });
      }
      return all;
    });

export const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    today: fc.constantFrom(...TODAYS),
    shipFromState: fc.constantFrom('TX', 'NY'),
    minimumAge: fc.constantFrom(18, 18, 21),
  })
  .chain(({ today, shipFromState, minimumAge }) =>
    fc.tuple(itemFacts, memberFacts(today)).chain(([item, member]) =>
      ruleSet(today, member, item).map((rules) => ({
        item,
        member,
        ctx: {
          rules,
          today,
          shipFromState,
          minimumAge,
          attestationLabel: (code: string) => ATTESTATIONS[code] ?? code,
        },
      })),
    ),
  );
