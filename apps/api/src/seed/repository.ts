import type { EligibilityRuleInput } from '@vault/contracts';
import type { Db } from '../core/db';

// The demo seed's markers, and its eligibility examples: attestation kinds and rules an operator
// reviews with counsel.

/** Claims a once-per-database seed by its key in app_meta; false when it was claimed before. */
export async function claimSeed(db: Db, key: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insertInto('appMeta')
    .values({ key, value: JSON.stringify({ seededAt: now.toISOString() }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export interface SeedKind {
  code: string;
  label: string;
  description: string;
}

/** Adds the kinds an operator has not defined already (their own wording of one stays). */
export async function insertKindsIfNew(db: Db, kinds: readonly SeedKind[], now: Date): Promise<void> {
  await db
    .insertInto('attestationKinds')
    .values(kinds.map((kind) => ({ ...kind, updatedAt: now })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Adds rules marked as examples (the admin screen labels them "example: review with counsel"). */
export async function insertExampleRules(db: Db, rules: readonly EligibilityRuleInput[], now: Date): Promise<void> {
  await db
    .insertInto('eligibilityRules')
    .values(
      // The rule form's fields are the columns: a rule is stored as the form would store it.
      rules.map((rule) => ({ ...rule, example: true, updatedAt: now })),
    )
    .execute();
}
