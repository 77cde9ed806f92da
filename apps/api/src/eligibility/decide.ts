import {
  ageOn,
  type EligibilityBasis,
  type EligibilityEffect,
  eligibilityMessages,
  type LegalClass,
  legalClassLabels,
} from '@vault/contracts';

// Who may buy which item, decided in memory from the operator's rules: pure, no I/O, so the Buy
// path and the state poll can ask it for free, and a property test can hold it against a plain
// reference of the same semantics (docs/eligibility.md says them in words).

/** A rule as the judge holds it (the rows of eligibility_rules that are not retired). */
export interface RuleFacts {
  id: string;
  version: number;
  legalClass: LegalClass | null;
  /** A two-letter state, '*' (anywhere) or 'interstate' (anywhere but the ship-from state). */
  state: string;
  city: string | null;
  zipPrefix: string | null;
  effectiveFrom: string;
  effectiveTo: string | null;
  effect: EligibilityEffect;
  value: string | null;
  attestations: readonly string[];
}

export interface MemberFacts {
  dateOfBirth: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  /** Codes of the member's standing (not revoked) attestations. */
  attestations: ReadonlySet<string>;
}

export interface ItemFacts {
  legalClass: LegalClass | null;
  bladeLength: string | null;
}

export interface DecideContext {
  rules: readonly RuleFacts[];
  minimumAge: number;
  shipFromState: string;
  /** YYYY-MM-DD: the day ages and effective dates are judged on. */
  today: string;
  /** Attestation code → its label, for reasons. */
  attestationLabel(code: string): string;
}

/** The rule or built-in check that refused; the report counts refusals by it. */
export type RefusalKey = string;
export const builtInRefusals = {
  unclassified: 'unclassified',
  address: 'address',
  dateOfBirth: 'date_of_birth',
  minimumAge: 'minimum_age',
} as const;

export type Decision =
  | { ok: true; reason: null; basis: EligibilityBasis }
  | { ok: false; reason: string; refusedBy: RefusalKey };

/** Which aspect of a sale a rule settles: the most specific matching rule of each aspect wins. */
export type Aspect = 'access' | 'age' | 'blade';
export const aspectOf = (effect: EligibilityEffect): Aspect =>
  effect === 'min_age' ? 'age' : effect === 'max_blade' ? 'blade' : 'access';

const normal = (text: string | null) => (text ?? '').trim().toLowerCase();

/** Whether a rule speaks to this item, destination and day. */
export function ruleMatches(rule: RuleFacts, item: ItemFacts, member: MemberFacts, ctx: DecideContext): boolean {
  if (rule.effectiveFrom > ctx.today) return false;
  if (rule.effectiveTo !== null && rule.effectiveTo < ctx.today) return false;
  if (rule.legalClass !== null && rule.legalClass !== item.legalClass) return false;
  const state = (member.state ?? '').trim().toUpperCase();
  if (rule.state === 'interstate') {
    if (state === ctx.shipFromState) return false;
  } else if (rule.state !== '*' && rule.state !== state) return false;
  if (rule.city !== null && normal(rule.city) !== normal(member.city)) return false;
  if (rule.zipPrefix !== null && !(member.zip ?? '').trim().startsWith(rule.zipPrefix)) return false;
  return true;
}

/**
 * How narrowly a rule names its destination, then its class: a ZIP prefix (the longer the
 * narrower) over a city over a named state over 'interstate' over anywhere; a rule for one class
 * over one for all. Equal ones: the later effective date, then the id, so the choice never
 * depends on the order rules were loaded in.
 */
export function moreSpecific(a: RuleFacts, b: RuleFacts): boolean {
  const ka = specificity(a);
  const kb = specificity(b);
  for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return (ka[i] ?? 0) > (kb[i] ?? 0);
  if (a.effectiveFrom !== b.effectiveFrom) return a.effectiveFrom > b.effectiveFrom;
  return a.id > b.id;
}

function specificity(rule: RuleFacts): number[] {
  const statePart = rule.state === '*' ? 0 : rule.state === 'interstate' ? 1 : 2;
  return [rule.zipPrefix ? rule.zipPrefix.length : 0, rule.city ? 1 : 0, statePart, rule.legalClass ? 1 : 0];
}

/** Where the rule reaches, as a reason says it: "to CA", "to New York, NY", "to ZIP 100…", "outside TX". */
function destinationOf(rule: RuleFacts, member: MemberFacts, ctx: DecideContext): string {
  const state = (member.state ?? '').trim().toUpperCase();
  if (rule.zipPrefix) return `to ZIP ${rule.zipPrefix}…`;
  if (rule.city) return `to ${rule.city}, ${state}`;
  if (rule.state === 'interstate') return `outside ${ctx.shipFromState}`;
  if (rule.state === '*') return 'to your address';
  return `to ${state}`;
}

/** The class the rule names, or, for a rule of every class, the item's own. */
const classWords = (item: ItemFacts, rule: RuleFacts) => {
  const named = rule.legalClass ?? item.legalClass;
  return named ? legalClassLabels[named].many : 'this item';
};

function refusal(rule: RuleFacts, item: ItemFacts, member: MemberFacts, ctx: DecideContext): string | null {
  const to = destinationOf(rule, member, ctx);
  const what = classWords(item, rule);
  switch (rule.effect) {
    case 'allow':
      return null;
    case 'forbid':
      return `Not available for delivery ${to}: ${what}`;
    case 'needs_attestation': {
      if (rule.attestations.some((code) => member.attestations.has(code))) return null;
      const labels = rule.attestations.map((code) => ctx.attestationLabel(code));
      return `To buy ${what} for delivery ${to}, record one of these in your account: ${labels.join(' or ')}`;
    }
    case 'min_age': {
      const years = Number(rule.value);
      if (member.dateOfBirth !== null && ageOn(member.dateOfBirth, ctx.today) >= years) return null;
      return `You must be ${years} or older to buy ${what} for delivery ${to}`;
    }
    case 'max_blade': {
      if (Number(item.bladeLength ?? 0) <= Number(rule.value)) return null;
      return `Not available for delivery ${to}: ${what} with blades over ${Number(rule.value).toFixed(2)} in`;
    }
  }
}

const ASPECTS: readonly Aspect[] = ['access', 'age', 'blade'];

/** May this member buy this item today, and if not, why (the first refusing aspect's reason). */
export function decide(item: ItemFacts, member: MemberFacts, ctx: DecideContext): Decision {
  if (item.legalClass === null)
    return { ok: false, reason: eligibilityMessages.unclassified, refusedBy: builtInRefusals.unclassified };
  if (!member.state?.trim())
    return { ok: false, reason: eligibilityMessages.needsAddress, refusedBy: builtInRefusals.address };
  if (member.dateOfBirth === null)
    return { ok: false, reason: eligibilityMessages.needsDateOfBirth, refusedBy: builtInRefusals.dateOfBirth };
  if (ageOn(member.dateOfBirth, ctx.today) < ctx.minimumAge)
    return {
      ok: false,
      reason: `You must be at least ${ctx.minimumAge} years old to buy from the vault`,
      refusedBy: builtInRefusals.minimumAge,
    };
  const winners = new Map<Aspect, RuleFacts>();
  for (const rule of ctx.rules) {
    if (!ruleMatches(rule, item, member, ctx)) continue;
    const aspect = aspectOf(rule.effect);
    const held = winners.get(aspect);
    if (!held || moreSpecific(rule, held)) winners.set(aspect, rule);
  }
  for (const aspect of ASPECTS) {
    const rule = winners.get(aspect);
    if (!rule) continue;
    const reason = refusal(rule, item, member, ctx);
    if (reason !== null) return { ok: false, reason, refusedBy: rule.id };
  }
  const rules = ASPECTS.flatMap((aspect) => {
    const rule = winners.get(aspect);
    return rule ? [{ id: rule.id, version: rule.version }] : [];
  });
  return { ok: true, reason: null, basis: { decidedOn: ctx.today, minimumAge: ctx.minimumAge, rules } };
}
