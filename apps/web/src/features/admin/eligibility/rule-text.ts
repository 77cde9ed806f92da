import { type EligibilityRuleView, legalClassLabels } from '@vault/contracts';
import { formatCalendarDay } from '../../../lib/format';

// A rule as an admin reads it in the list: what class, where, when, and what it does, in words.
// Pure, so the wording is checked by unit tests.

type RuleFacts = Pick<
  EligibilityRuleView,
  'legalClass' | 'state' | 'city' | 'zipPrefix' | 'effect' | 'value' | 'attestations' | 'effectiveFrom' | 'effectiveTo'
>;

export const ruleClassText = (rule: Pick<RuleFacts, 'legalClass'>) =>
  rule.legalClass ? legalClassLabels[rule.legalClass].one : 'All classes';

/**
 * "Anywhere", "Outside TX" (every destination but the ship-from state), "CA", "Chicago, IL",
 * "IL · ZIP 606…". Without the settings yet, the ship-from state is named by its role.
 */
export function ruleDestinationText(
  rule: Pick<RuleFacts, 'state' | 'city' | 'zipPrefix'>,
  shipFromState: string | undefined,
): string {
  const region =
    rule.state === '*'
      ? 'Anywhere'
      : rule.state === 'interstate'
        ? `Outside ${shipFromState ?? 'the ship-from state'}`
        : rule.state;
  const place = rule.city ? `${rule.city}, ${region}` : region;
  return rule.zipPrefix ? `${place} · ZIP ${rule.zipPrefix}…` : place;
}

/** "Forbidden", "Minimum age 21", "Blade at most 2.00 in", "Needs one of: Dealer, Armed forces", "Allowed". */
export function ruleEffectText(
  rule: Pick<RuleFacts, 'effect' | 'value' | 'attestations'>,
  kindLabel: (code: string) => string,
): string {
  switch (rule.effect) {
    case 'forbid':
      return 'Forbidden';
    case 'allow':
      return 'Allowed';
    case 'min_age':
      return `Minimum age ${Number(rule.value)}`;
    case 'max_blade':
      return `Blade at most ${Number(rule.value).toFixed(2)} in`;
    case 'needs_attestation':
      return `Needs one of: ${rule.attestations.map(kindLabel).join(', ')}`;
  }
}

const formatRuleDate = (day: string) => formatCalendarDay(day);

/** "From Jan 1, 2025" or "Jan 1, 2025 – Dec 31, 2026". */
export function ruleDatesText(rule: Pick<RuleFacts, 'effectiveFrom' | 'effectiveTo'>): string {
  return rule.effectiveTo
    ? `${formatRuleDate(rule.effectiveFrom)} – ${formatRuleDate(rule.effectiveTo)}`
    : `From ${formatRuleDate(rule.effectiveFrom)}`;
}

/** Where a rule stands on a day (YYYY-MM-DD): in effect, not yet, or past its end date. */
export function ruleTiming(rule: Pick<RuleFacts, 'effectiveFrom' | 'effectiveTo'>, today: string) {
  if (rule.effectiveFrom > today) return 'upcoming' as const;
  if (rule.effectiveTo !== null && rule.effectiveTo < today) return 'ended' as const;
  return 'in-effect' as const;
}
