// The rule set bench:eligibility races under: 40 rules of the shape an operator keeps (automatics
// across state lines, city bans, blade limits, age rules, one that has expired and one not yet in
// force), ship-from TX. The bench's members live in Austin, TX 78701 and were born in 1990; its
// knives are 3.50 in manual folders. Seven rules match them, so every Buy walks all 40 and picks the
// most specific winner of each aspect (access: the ZIP-prefix allow; age: the TX manual-folder
// minimum; blade: the TX limit), and the sale is allowed. One more rule (SENTINEL_ZIP) refuses a
// single member the bench points at it, so the bench can see the replica hold the rules.

import { EligibilityRuleBody, type EligibilityRuleInput } from '@vault/contracts';

/** The attestation kinds the rules ask for (created once by the bench: its database has none). */
export const ATTESTATION_KINDS = [
  { code: 'armed_forces', label: 'Armed forces on duty', description: 'Bench kind' },
  { code: 'law_enforcement', label: 'Law-enforcement purchase', description: 'Bench kind' },
  { code: 'dealer', label: 'Licensed dealer', description: 'Bench kind' },
] as const;

/** The one ZIP a rule forbids manual folders to: the member the bench moves there is refused while the rules hold. */
export const SENTINEL_ZIP = '73301';

/** What the bench's members and knives are, for the rules to match (and the micro-benchmark to judge). */
export const BENCH_MEMBER = { state: 'TX', city: 'Austin', zip: '78701', dateOfBirth: '1990-01-01' } as const;
export const BENCH_KNIFE = { legalClass: 'manual_folder', bladeLength: '3.50' } as const;

const FSA = 'https://www.law.cornell.edu/uscode/text/15/chapter-29';
const ANY = ['armed_forces', 'law_enforcement', 'dealer'];

type Rule = EligibilityRuleBody;
const rule = (fields: Omit<Rule, 'effectiveFrom' | 'note'> & Partial<Pick<Rule, 'effectiveFrom' | 'note'>>): Rule => ({
  effectiveFrom: '2020-01-01',
  note: 'Bench rule (not legal advice)',
  ...fields,
});

/** Keys of the rules that should allow the bench members' sales, one per aspect. */
export const EXPECTED_WINNERS = { access: 'tx-zip-787-allow', age: 'tx-folder-min-18', blade: 'tx-blade-5.5' } as const;

const RULES: Array<[key: string, body: Rule]> = [
  // Federal Switchblade Act: automatics across state lines need a certified exempt category.
  [
    'fsa-automatic',
    rule({
      legalClass: 'automatic',
      state: 'interstate',
      effect: 'needs_attestation',
      attestations: ANY,
      sourceUrl: FSA,
    }),
  ],
  [
    'fsa-otf-single',
    rule({
      legalClass: 'otf_single',
      state: 'interstate',
      effect: 'needs_attestation',
      attestations: ANY,
      sourceUrl: FSA,
    }),
  ],
  [
    'fsa-otf-double',
    rule({
      legalClass: 'otf_double',
      state: 'interstate',
      effect: 'needs_attestation',
      attestations: ANY,
      sourceUrl: FSA,
    }),
  ],
  [
    'fsa-gravity',
    rule({
      legalClass: 'gravity',
      state: 'interstate',
      effect: 'needs_attestation',
      attestations: ANY,
      sourceUrl: FSA,
    }),
  ],
  ['any-automatic-21', rule({ legalClass: 'automatic', state: '*', effect: 'min_age', value: '21' })],
  [
    'any-otf-double-attest',
    rule({
      legalClass: 'otf_double',
      state: '*',
      effect: 'needs_attestation',
      attestations: ['law_enforcement', 'armed_forces'],
    }),
  ],
  ['any-min-18', rule({ legalClass: null, state: '*', effect: 'min_age', value: '18' })],
  ['any-allow', rule({ legalClass: null, state: '*', effect: 'allow' })],
  ['any-gear-allow', rule({ legalClass: 'gear', state: '*', effect: 'allow' })],
  ['interstate-folder-allow', rule({ legalClass: 'manual_folder', state: 'interstate', effect: 'allow' })],
  // States and cities.
  ['ca-balisong', rule({ legalClass: 'balisong', state: 'CA', effect: 'forbid' })],
  ['ca-automatic-2in', rule({ legalClass: 'automatic', state: 'CA', effect: 'max_blade', value: '2.00' })],
  ['ca-otf-single-2in', rule({ legalClass: 'otf_single', state: 'CA', effect: 'max_blade', value: '2.00' })],
  ['ca-otf-double', rule({ legalClass: 'otf_double', state: 'CA', effect: 'forbid' })],
  ['ca-gravity', rule({ legalClass: 'gravity', state: 'CA', effect: 'forbid' })],
  ['ny-gravity', rule({ legalClass: 'gravity', state: 'NY', effect: 'forbid' })],
  ['ny-balisong', rule({ legalClass: 'balisong', state: 'NY', effect: 'forbid' })],
  ['nyc-automatic', rule({ legalClass: 'automatic', state: 'NY', city: 'New York', effect: 'forbid' })],
  ['nyc-blade-4', rule({ legalClass: null, state: 'NY', city: 'New York', effect: 'max_blade', value: '4.00' })],
  ['nj-automatic', rule({ legalClass: 'automatic', state: 'NJ', effect: 'forbid' })],
  ['de-automatic', rule({ legalClass: 'automatic', state: 'DE', effect: 'forbid' })],
  ['hi-balisong', rule({ legalClass: 'balisong', state: 'HI', effect: 'forbid' })],
  ['al-fixed-19', rule({ legalClass: 'fixed_blade', state: 'AL', effect: 'min_age', value: '19' })],
  [
    'il-automatic-attest',
    rule({ legalClass: 'automatic', state: 'IL', effect: 'needs_attestation', attestations: ['law_enforcement'] }),
  ],
  ['chicago-blade-2.5', rule({ legalClass: null, state: 'IL', city: 'Chicago', effect: 'max_blade', value: '2.50' })],
  ['columbus-blade-2.5', rule({ legalClass: null, state: 'OH', city: 'Columbus', effect: 'max_blade', value: '2.50' })],
  ['denver-blade-3.5', rule({ legalClass: null, state: 'CO', city: 'Denver', effect: 'max_blade', value: '3.50' })],
  [
    'mn-automatic-attest',
    rule({
      legalClass: 'automatic',
      state: 'MN',
      effect: 'needs_attestation',
      attestations: ['dealer', 'law_enforcement'],
    }),
  ],
  [
    'wa-automatic-until-2020',
    rule({
      legalClass: 'automatic',
      state: 'WA',
      effect: 'forbid',
      effectiveFrom: '2010-01-01',
      effectiveTo: '2020-12-31',
    }),
  ],
  ['ma-automatic', rule({ legalClass: 'automatic', state: 'MA', effect: 'forbid' })],
  ['nyc-zip-100-gravity', rule({ legalClass: 'gravity', state: 'NY', zipPrefix: '100', effect: 'forbid' })],
  // Texas, where the bench members live (and the knives ship from).
  ['tx-folder-allow', rule({ legalClass: 'manual_folder', state: 'TX', effect: 'allow' })],
  ['tx-folder-min-18', rule({ legalClass: 'manual_folder', state: 'TX', effect: 'min_age', value: '18' })],
  ['tx-blade-5.5', rule({ legalClass: null, state: 'TX', effect: 'max_blade', value: '5.50' })],
  ['austin-folder-allow', rule({ legalClass: 'manual_folder', state: 'TX', city: 'Austin', effect: 'allow' })],
  ['tx-zip-787-allow', rule({ legalClass: null, state: 'TX', zipPrefix: '787', effect: 'allow' })],
  [
    'tx-folder-21-from-2090',
    rule({ legalClass: 'manual_folder', state: 'TX', effect: 'min_age', value: '21', effectiveFrom: '2090-01-01' }),
  ],
  ['tx-balisong-18', rule({ legalClass: 'balisong', state: 'TX', effect: 'min_age', value: '18' })],
  ['houston-blade-5.5', rule({ legalClass: null, state: 'TX', city: 'Houston', effect: 'max_blade', value: '5.50' })],
  // Created last: its presence on the replica means the reload that saw every rule has landed.
  ['sentinel-zip', rule({ legalClass: 'manual_folder', state: 'TX', zipPrefix: SENTINEL_ZIP, effect: 'forbid' })],
];

/** The 40 rules, each under a key the bench reports them by (the key is also in the rule's note). */
export const BENCH_RULES: ReadonlyArray<{ key: string; body: Rule }> = RULES.map(([key, body]) => ({
  key,
  body: { ...body, note: `${body.note}: ${key}` },
}));

/** A rule as the admin API stores it (validated and normalised by the contract, as the route does). */
export const parsedRule = (body: Rule): EligibilityRuleInput => EligibilityRuleBody.parse(body);
