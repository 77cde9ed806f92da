import { type EligibilityRuleInput, type EligibilityRuleView, eligibilityRuleMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { announceRulesChanged } from './announce';
import { countKinds } from './attestations.repository';
import { findRule, insertRule, listRules, type RuleRow, retireRule, updateRule } from './rules.repository';

// The admin's rule set: list, add, edit (a new version of the same rule) and retire. Every write
// is announced on the bus after it committed, so each replica's judge reloads the rules.

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'log' | 'now'>;

const NOT_FOUND = new AppError(404, 'not_found', eligibilityRuleMessages.notFound);
const RETIRED = new AppError(409, 'conflict', eligibilityRuleMessages.retired);

/** Years read as a whole number ("21"), inches with two decimals ("3.50"): as the admin typed them. */
function valueView(row: RuleRow): string | null {
  if (row.value === null) return null;
  return row.effect === 'min_age' ? String(Number(row.value)) : Number(row.value).toFixed(2);
}

export function toRuleView(row: RuleRow): EligibilityRuleView {
  return {
    id: row.id,
    legalClass: row.legalClass,
    state: row.state,
    city: row.city,
    zipPrefix: row.zipPrefix,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    effect: row.effect,
    value: valueView(row),
    attestations: row.attestations,
    note: row.note,
    sourceUrl: row.sourceUrl,
    example: row.example,
    version: row.version,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every rule, retired ones included, newest first. */
export async function listRuleViews(deps: Pick<ServiceDeps, 'db'>): Promise<EligibilityRuleView[]> {
  return (await listRules(deps.db)).map(toRuleView);
}

/** A rule may only ask for attestations the operator has defined (a typo would make it unsatisfiable). */
async function checkAttestations(deps: Pick<ServiceDeps, 'db'>, rule: EligibilityRuleInput): Promise<void> {
  const codes = [...new Set(rule.attestations)];
  if ((await countKinds(deps.db, codes)) !== codes.length)
    throw new AppError(400, 'invalid_request', eligibilityRuleMessages.unknownAttestation);
}

const withoutRepeats = (rule: EligibilityRuleInput): EligibilityRuleInput => ({
  ...rule,
  attestations: [...new Set(rule.attestations)],
});

export async function createRule(deps: Deps, body: EligibilityRuleInput): Promise<EligibilityRuleView> {
  await checkAttestations(deps, body);
  const row = await insertRule(deps.db, withoutRepeats(body));
  await announceRulesChanged(deps);
  return toRuleView(row);
}

/** Replaces the rule's fields: its next version. A retired rule stays as it was. */
export async function editRule(deps: Deps, id: string, body: EligibilityRuleInput): Promise<EligibilityRuleView> {
  await checkAttestations(deps, body);
  const row = await updateRule(deps.db, id, withoutRepeats(body));
  if (!row) throw (await findRule(deps.db, id)) ? RETIRED : NOT_FOUND;
  await announceRulesChanged(deps);
  return toRuleView(row);
}

/** Takes a rule out of force for good; it stays listed, as the record of what once applied. */
export async function retire(deps: Deps, id: string): Promise<EligibilityRuleView> {
  const row = await retireRule(deps.db, id, new Date(deps.now()));
  if (!row) throw (await findRule(deps.db, id)) ? RETIRED : NOT_FOUND;
  await announceRulesChanged(deps);
  return toRuleView(row);
}
