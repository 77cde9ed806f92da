import type { Db } from '../core/db';
import type { MemberFacts, RuleFacts } from './decide';

// What the in-memory judge (judge.ts) loads: the rules in force, the attestation kinds' labels,
// and one member's facts. Each read once and then held until the bus says it changed.

/** Every rule not retired; effective dates are judged in memory, on the day of each decision. */
export async function rulesInForce(db: Db): Promise<RuleFacts[]> {
  const rows = await db
    .selectFrom('eligibilityRules')
    .select([
      'id',
      'version',
      'legalClass',
      'state',
      'city',
      'zipPrefix',
      'effectiveFrom',
      'effectiveTo',
      'effect',
      'value',
      'attestations',
    ])
    .where('retiredAt', 'is', null)
    .execute();
  return rows;
}

/** Every attestation kind's label, inactive ones too (a rule may still name one). */
export async function attestationLabels(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('attestationKinds').select(['code', 'label']).execute();
  return new Map(rows.map((row) => [row.code, row.label]));
}

/**
 * A member's destination, date of birth and standing attestations (of active kinds), in one
 * query; undefined for no such member.
 */
export async function loadMemberFacts(db: Db, userId: string): Promise<MemberFacts | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.dateOfBirth',
      'u.state',
      'u.city',
      'u.zip',
      eb
        .selectFrom('memberAttestations as a')
        .innerJoin('attestationKinds as k', 'k.code', 'a.kind')
        .select((inner) =>
          inner.fn.coalesce(inner.fn<string[]>('array_agg', ['a.kind']), inner.val<string[]>([])).as('kinds'),
        )
        .whereRef('a.userId', '=', 'u.id')
        .where('a.revokedAt', 'is', null)
        .where('k.active', '=', true)
        .as('attestations'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    dateOfBirth: row.dateOfBirth,
    state: row.state,
    city: row.city,
    zip: row.zip,
    attestations: new Set(row.attestations ?? []),
  };
}
