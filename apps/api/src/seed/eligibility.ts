import { EligibilityRuleBody, type EligibilityRuleInput, type LegalClass } from '@vault/contracts';
import type { SeedKind } from './repository';

// The demo's eligibility examples. They are data an operator reviews with counsel and edits or
// retires in the admin area; each says so in its note, and the admin screen labels it an example.
// Nothing here is legal advice, and none of it is the law: the sources are where to start reading.

export const demoAttestationKinds: readonly SeedKind[] = [
  {
    code: 'armed_forces',
    label: 'Armed forces member on duty',
    description:
      'A member of the armed forces buying for use in the performance of their duty (one of the exemptions of the Federal Switchblade Act, 15 U.S.C. 1244).',
  },
  {
    code: 'law_enforcement',
    label: 'Law-enforcement purchase',
    description:
      'A purchase for a law-enforcement agency, or by an officer for use in official duties, where the destination allows it.',
  },
  {
    code: 'dealer',
    label: 'Licensed knife dealer',
    description: 'A dealer buying for resale under the licence or permit the destination requires.',
  },
];

const SWITCHBLADE_ACT = 'https://www.law.cornell.edu/uscode/text/15/chapter-29';
const REVIEW = 'Example rule: review it with counsel before relying on it.';
const FROM = '2024-01-01';

/** The classes the Federal Switchblade Act reaches: opened by a button, by gravity or by inertia. */
const AUTOMATIC_CLASSES: readonly LegalClass[] = ['automatic', 'otf_single', 'otf_double', 'gravity'];

const exampleRules: EligibilityRuleBody[] = [
  ...AUTOMATIC_CLASSES.map(
    (legalClass): EligibilityRuleBody => ({
      legalClass,
      state: 'interstate',
      effectiveFrom: FROM,
      effect: 'needs_attestation',
      attestations: ['armed_forces', 'law_enforcement', 'dealer'],
      note: `${REVIEW} The Federal Switchblade Act (15 U.S.C. 1241–1245) bars introducing knives that open automatically (by a button, by gravity or by inertia) into interstate commerce, with narrow exemptions such as members of the armed forces on duty. Sold across state lines only to a buyer who certifies an eligible category.`,
      sourceUrl: SWITCHBLADE_ACT,
    }),
  ),
  {
    legalClass: 'automatic',
    state: 'NY',
    city: 'New York',
    effectiveFrom: FROM,
    effect: 'forbid',
    note: `${REVIEW} A city that forbids automatic knives: New York's Penal Law (§ 265.01) and New York City's own code restrict them, whatever the buyer certifies.`,
    sourceUrl: 'https://www.nysenate.gov/legislation/laws/PEN/265.01',
  },
  {
    legalClass: 'automatic',
    state: 'CA',
    effectiveFrom: FROM,
    effect: 'max_blade',
    value: '1.99',
    note: `${REVIEW} A state with a 2 in blade limit for automatics: California counts a knife that opens automatically as a switchblade when its blade is 2 in or longer (Penal Code § 17235), so only blades under 2 in are sold there.`,
    sourceUrl: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=PEN&sectionNum=17235',
  },
  {
    legalClass: 'fixed_blade',
    state: 'AL',
    effectiveFrom: FROM,
    effect: 'min_age',
    value: '19',
    note: `${REVIEW} An age above the vault's minimum: Alabama forbids selling a bowie knife or one of its kind to a minor (Code of Alabama § 13A-11-57), and its age of majority is 19.`,
    sourceUrl: 'https://law.justia.com/codes/alabama/title-13a/chapter-11/article-3/section-13a-11-57/',
  },
];

/** The example rules as the rule form would store them (parsed by its own schema). */
export const demoRules: readonly EligibilityRuleInput[] = exampleRules.map((rule) => EligibilityRuleBody.parse(rule));
