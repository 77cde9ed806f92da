import { type EligibilityEffect, type LegalClass, legalClassLabels } from '@vault/contracts';
import { builtInRefusals } from './decide';

/** A refusing rule (or built-in check) as an admin reads it in the show report. */
export interface RefusingRule {
  ruleKey: string;
  legalClass: LegalClass | null;
  state: string | null;
  city: string | null;
  zipPrefix: string | null;
  effect: EligibilityEffect | null;
  value: string | null;
  version: number | null;
}

const builtIn: Record<string, string> = {
  [builtInRefusals.unclassified]: 'Item not classified',
  [builtInRefusals.address]: 'No shipping address on file',
  [builtInRefusals.dateOfBirth]: 'No date of birth on file',
  [builtInRefusals.minimumAge]: "Under the vault's minimum age",
};

const effectWords = (effect: EligibilityEffect, value: string | null) => {
  switch (effect) {
    case 'forbid':
      return 'forbidden';
    case 'allow':
      return 'allowed';
    case 'needs_attestation':
      return 'needs an attestation';
    case 'min_age':
      return `minimum age ${Number(value)}`;
    case 'max_blade':
      return `blade at most ${Number(value).toFixed(2)} in`;
  }
};

/** "Automatic knives · outside the ship-from state · needs an attestation (v2)". */
export function describeRefusingRule(rule: RefusingRule): string {
  const fixed = builtIn[rule.ruleKey];
  if (fixed) return fixed;
  if (rule.effect === null || rule.state === null) return 'A rule since deleted';
  const what = rule.legalClass ? legalClassLabels[rule.legalClass].many : 'every class';
  const where = [
    rule.state === '*' ? 'anywhere' : rule.state === 'interstate' ? 'outside the ship-from state' : rule.state,
    rule.city,
    rule.zipPrefix ? `ZIP ${rule.zipPrefix}…` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const capital = what.charAt(0).toUpperCase() + what.slice(1);
  return `${capital} · ${where} · ${effectWords(rule.effect, rule.value)} (v${rule.version})`;
}
