import type { EligibilityRuleInput } from '@vault/contracts';
import type { EligibilityRule } from '@vault/db';
import type { Db } from '../core/db';

// The operator's eligibility rules. An edit rewrites the rule in place and bumps its version (a
// purchase records the id and version it was allowed under); retiring sets retired_at, and a
// retired rule is never edited again: it stays as the record of what was once in force.

export type RuleRow = EligibilityRule;

/** Every rule, retired ones included, newest first. */
export function listRules(db: Db): Promise<RuleRow[]> {
  return db.selectFrom('eligibilityRules').selectAll().orderBy('createdAt', 'desc').orderBy('id').execute();
}

export function findRule(db: Db, id: string): Promise<RuleRow | undefined> {
  return db.selectFrom('eligibilityRules').selectAll().where('id', '=', id).executeTakeFirst();
}

const columns = (rule: EligibilityRuleInput) => ({
  legalClass: rule.legalClass,
  state: rule.state,
  city: rule.city,
  zipPrefix: rule.zipPrefix,
  effectiveFrom: rule.effectiveFrom,
  effectiveTo: rule.effectiveTo,
  effect: rule.effect,
  value: rule.value,
  attestations: rule.attestations,
  note: rule.note,
  sourceUrl: rule.sourceUrl,
});

export function insertRule(db: Db, rule: EligibilityRuleInput): Promise<RuleRow> {
  return db
    .insertInto('eligibilityRules')
    .values({ ...columns(rule), updatedAt: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a rule's fields as its next version; undefined when it is unknown or retired. One
 * conditional update, so an edit racing a retire cannot revive the rule.
 */
export function updateRule(db: Db, id: string, rule: EligibilityRuleInput): Promise<RuleRow | undefined> {
  return db
    .updateTable('eligibilityRules')
    .set((eb) => ({ ...columns(rule), version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', id)
    .where('retiredAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Retires a rule; undefined when it is unknown or retired already. */
export function retireRule(db: Db, id: string, at: Date): Promise<RuleRow | undefined> {
  return db
    .updateTable('eligibilityRules')
    .set({ retiredAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('retiredAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
