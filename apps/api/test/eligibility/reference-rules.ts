import type { DecideContext, ItemFacts, MemberFacts, RuleFacts } from '../../src/eligibility/decide';

// A second statement of who may buy what (docs/eligibility.md), written apart from decide.ts and
// as plainly as possible, so the property test can hold the engine against it: every matching rule
// is listed, each aspect's list is sorted by an explicit tuple and its head taken, ages are worked
// out from (month, day) pairs and blade lengths in whole hundredths of an inch. Nothing here is
// shared with the engine but its input types.

export interface ReferenceVerdict {
  ok: boolean;
  /** The built-in check ('unclassified', 'address', 'date_of_birth', 'minimum_age') or rule id that refused. */
  refusedBy: string | null;
  /** Each aspect's winning rule id, in the order access, age, blade (what an allowed sale records). */
  ruleIds: string[];
}

type Aspect = 'access' | 'age' | 'blade';
const ASPECT_ORDER: readonly Aspect[] = ['access', 'age', 'blade'];

function aspectOfRule(rule: RuleFacts): Aspect {
  if (rule.effect === 'min_age') return 'age';
  if (rule.effect === 'max_blade') return 'blade';
  return 'access';
}

function dateParts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-');
  return [Number.parseInt(year ?? '', 10), Number.parseInt(month ?? '', 10), Number.parseInt(date ?? '', 10)];
}

/** Days since 1970-01-01, so dates compare as numbers rather than as text. */
function dayNumber(day: string): number {
  const [year, month, date] = dateParts(day);
  return Date.UTC(year, month - 1, date) / 86_400_000;
}

/** Whole years lived on `day`: one more once (month, day) reaches the birthday's (month, day). */
export function referenceAge(dateOfBirth: string, day: string): number {
  const [bornYear, bornMonth, bornDate] = dateParts(dateOfBirth);
  const [year, month, date] = dateParts(day);
  const birthdayReached = month > bornMonth || (month === bornMonth && date >= bornDate);
  return birthdayReached ? year - bornYear : year - bornYear - 1;
}

/** "2", "2.5" and "2.50" are all read as a count of hundredths (at most two decimals are stored). */
function hundredths(inches: string): number {
  const [whole = '0', fraction = ''] = inches.trim().split('.');
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(`${fraction}00`.slice(0, 2), 10);
}

const memberState = (member: MemberFacts) => (member.state ?? '').trim().toUpperCase();
const sameCity = (a: string, b: string | null) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export function referenceMatches(rule: RuleFacts, item: ItemFacts, member: MemberFacts, ctx: DecideContext): boolean {
  const today = dayNumber(ctx.today);
  if (today < dayNumber(rule.effectiveFrom)) return false;
  if (rule.effectiveTo !== null && today > dayNumber(rule.effectiveTo)) return false;
  if (rule.legalClass !== null && rule.legalClass !== item.legalClass) return false;
  const state = memberState(member);
  let stateCovered: boolean;
  if (rule.state === '*') stateCovered = true;
  else if (rule.state === 'interstate') stateCovered = state !== ctx.shipFromState;
  else stateCovered = rule.state === state;
  if (!stateCovered) return false;
  if (rule.city !== null && !sameCity(rule.city, member.city)) return false;
  if (rule.zipPrefix !== null) {
    const zip = (member.zip ?? '').trim();
    if (zip.slice(0, rule.zipPrefix.length) !== rule.zipPrefix) return false;
  }
  return true;
}

/** How narrowly a rule is drawn, most significant first; ties end at the id so the order is total. */
function rank(rule: RuleFacts): [number, number, number, number, number, string] {
  const zipDigits = rule.zipPrefix === null ? 0 : rule.zipPrefix.length;
  const hasCity = rule.city === null ? 0 : 1;
  const stateRank = rule.state === '*' ? 0 : rule.state === 'interstate' ? 1 : 2;
  const hasClass = rule.legalClass === null ? 0 : 1;
  return [zipDigits, hasCity, stateRank, hasClass, dayNumber(rule.effectiveFrom), rule.id];
}

/** Sorts the most specific rule first. */
function mostSpecificFirst(a: RuleFacts, b: RuleFacts): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < 5; i += 1) {
    const x = ra[i] as number;
    const y = rb[i] as number;
    if (x !== y) return y - x;
  }
  if (ra[5] === rb[5]) return 0;
  return ra[5] < rb[5] ? 1 : -1;
}

/** Whether the winning rule of its aspect lets this member buy this item. */
function winnerAllows(rule: RuleFacts, item: ItemFacts, member: MemberFacts, ctx: DecideContext): boolean {
  switch (rule.effect) {
    case 'allow':
      return true;
    case 'forbid':
      return false;
    case 'needs_attestation':
      return rule.attestations.some((code) => member.attestations.has(code));
    case 'min_age':
      return referenceAge(member.dateOfBirth ?? '', ctx.today) >= Number.parseInt(rule.value ?? '', 10);
    case 'max_blade':
      if (item.bladeLength === null) throw new Error('a classified item always has a blade length');
      return hundredths(item.bladeLength) <= hundredths(rule.value ?? '');
  }
}

/** The most specific matching rule of each aspect, in the order access, age, blade. */
export function referenceWinners(item: ItemFacts, member: MemberFacts, ctx: DecideContext): RuleFacts[] {
  const winners: RuleFacts[] = [];
  for (const aspect of ASPECT_ORDER) {
    const candidates = ctx.rules.filter(
      (rule) => aspectOfRule(rule) === aspect && referenceMatches(rule, item, member, ctx),
    );
    const winner = [...candidates].sort(mostSpecificFirst)[0];
    if (winner) winners.push(winner);
  }
  return winners;
}

export function referenceDecide(item: ItemFacts, member: MemberFacts, ctx: DecideContext): ReferenceVerdict {
  const refused = (refusedBy: string): ReferenceVerdict => ({ ok: false, refusedBy, ruleIds: [] });
  if (item.legalClass === null) return refused('unclassified');
  if (memberState(member) === '') return refused('address');
  if (member.dateOfBirth === null) return refused('date_of_birth');
  if (referenceAge(member.dateOfBirth, ctx.today) < ctx.minimumAge) return refused('minimum_age');

  const winners = referenceWinners(item, member, ctx);
  const refuser = winners.find((rule) => !winnerAllows(rule, item, member, ctx));
  if (refuser) return refused(refuser.id);
  return { ok: true, refusedBy: null, ruleIds: winners.map((rule) => rule.id) };
}
