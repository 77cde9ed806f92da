import type { Db } from '../core/db';

// The attestation kinds the operator defines, and the dated attestations members record against
// them. A revoked attestation stays as a row (its history); at most one of a kind stands per member
// (the partial unique index member_attestations_standing).

export interface KindRow {
  code: string;
  label: string;
  description: string;
  active: boolean;
}

const KIND_COLUMNS = ['code', 'label', 'description', 'active'] as const;

/** Every kind, inactive ones too (a rule may still name one), oldest first. */
export function attestationKinds(db: Db): Promise<KindRow[]> {
  return db.selectFrom('attestationKinds').select(KIND_COLUMNS).orderBy('createdAt').orderBy('code').execute();
}

export function findKind(db: Db, code: string): Promise<KindRow | undefined> {
  return db.selectFrom('attestationKinds').select(KIND_COLUMNS).where('code', '=', code).executeTakeFirst();
}

/** How many of these codes name a kind (active or not). */
export async function countKinds(db: Db, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const { count } = await db
    .selectFrom('attestationKinds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('code', 'in', [...codes])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A new kind; undefined when its code is taken. */
export function insertKind(db: Db, kind: KindRow): Promise<KindRow | undefined> {
  return db
    .insertInto('attestationKinds')
    .values({ ...kind, updatedAt: new Date() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(KIND_COLUMNS)
    .executeTakeFirst();
}

/** Changes a kind's label, description or active flag; undefined for an unknown code. */
export function updateKind(
  db: Db,
  code: string,
  changes: Partial<Omit<KindRow, 'code'>>,
): Promise<KindRow | undefined> {
  return db
    .updateTable('attestationKinds')
    .set({ ...changes, updatedAt: new Date() })
    .where('code', '=', code)
    .returning(KIND_COLUMNS)
    .executeTakeFirst();
}

export interface AttestationRow {
  id: string;
  userId: string;
  kind: string;
  label: string;
  statement: string;
  attestedAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
}

function attestationRows(db: Db) {
  return db
    .selectFrom('memberAttestations as a')
    .innerJoin('attestationKinds as k', 'k.code', 'a.kind')
    .select(['a.id', 'a.userId', 'a.kind', 'k.label', 'a.statement', 'a.attestedAt', 'a.revokedAt', 'a.revokeReason']);
}

/** A member's attestations, revoked ones included, newest first. */
export function memberAttestations(db: Db, userId: string): Promise<AttestationRow[]> {
  return attestationRows(db).where('a.userId', '=', userId).orderBy('a.attestedAt', 'desc').orderBy('a.id').execute();
}

export function findAttestation(db: Db, id: string): Promise<AttestationRow | undefined> {
  return attestationRows(db).where('a.id', '=', id).executeTakeFirst();
}

/**
 * Records an attestation; undefined when one of the kind already stands for the member. The
 * partial unique index decides, so two presses at once record one.
 */
export async function insertAttestation(
  db: Db,
  values: { userId: string; kind: string; statement: string },
): Promise<string | undefined> {
  const row = await db
    .insertInto('memberAttestations')
    .values(values)
    .onConflict((oc) => oc.columns(['userId', 'kind']).where('revokedAt', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Revokes a standing attestation; undefined when it is unknown or was revoked already. */
export async function revokeAttestation(
  db: Db,
  id: string,
  revocation: { by: string; reason: string; at: Date },
): Promise<{ userId: string } | undefined> {
  return db
    .updateTable('memberAttestations')
    .set({ revokedAt: revocation.at, revokedBy: revocation.by, revokeReason: revocation.reason })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .returning('userId')
    .executeTakeFirst();
}
