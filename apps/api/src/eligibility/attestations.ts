import {
  type AttestationKindBody,
  type AttestationKindUpdateBody,
  type AttestationKindView,
  attestationMessages,
  type MemberAttestationView,
  type OfferedAttestationKind,
} from '@vault/contracts';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { announceMemberChanged, announceRulesChanged } from './announce';
import {
  type AttestationRow,
  attestationKinds,
  findAttestation,
  findKind,
  insertAttestation,
  insertKind,
  memberAttestations,
  revokeAttestation,
  updateKind,
} from './attestations.repository';

// Attestations: statements the operator defines ("armed forces on duty", "dealer") that a member
// confirms to satisfy a rule's "needs one of these attestations". Each is dated, keeps the words
// the member confirmed, and an admin may revoke it (the row stays as its history).

type Deps = Pick<ServiceDeps, 'db' | 'bus' | 'log' | 'now'>;

const NOT_FOUND = new AppError(404, 'not_found', attestationMessages.notFound);

export function toAttestationView(row: AttestationRow): MemberAttestationView {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    statement: row.statement,
    attestedAt: row.attestedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
  };
}

/** Admin: every kind, inactive ones too. */
export function listKinds(deps: Pick<ServiceDeps, 'db'>): Promise<AttestationKindView[]> {
  return attestationKinds(deps.db);
}

/** Members: the kinds they may record, each with the statement they confirm. */
export async function offeredKinds(deps: Pick<ServiceDeps, 'db'>): Promise<OfferedAttestationKind[]> {
  return (await attestationKinds(deps.db))
    .filter((kind) => kind.active)
    .map((kind) => ({ ...kind, statement: attestationMessages.statement(kind.label) }));
}

export async function createKind(deps: Deps, body: z.output<typeof AttestationKindBody>): Promise<AttestationKindView> {
  const kind = await insertKind(deps.db, body);
  if (!kind) throw new AppError(409, 'conflict', attestationMessages.kindExists);
  await announceRulesChanged(deps);
  return kind;
}

/** A new label reads in the rules' reasons; deactivating a kind stops its attestations counting. */
export async function editKind(
  deps: Deps,
  code: string,
  changes: z.output<typeof AttestationKindUpdateBody>,
): Promise<AttestationKindView> {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const kind =
    Object.keys(defined).length > 0 ? await updateKind(deps.db, code, defined) : await findKind(deps.db, code);
  if (!kind) throw new AppError(404, 'not_found', attestationMessages.kindNotFound);
  if (Object.keys(defined).length > 0) await announceRulesChanged(deps);
  return kind;
}

/** The member's own attestations, revoked ones included (with when and why). */
export async function ownAttestations(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<MemberAttestationView[]> {
  return (await memberAttestations(deps.db, userId)).map(toAttestationView);
}

/**
 * Records the member's confirmation of a kind's statement, as shown to them, with the time. The
 * row is the dated record; the log line names ids only (no personal data).
 */
export async function recordAttestation(deps: Deps, userId: string, code: string): Promise<MemberAttestationView> {
  const kind = await findKind(deps.db, code);
  if (!kind?.active) throw new AppError(400, 'invalid_request', attestationMessages.unknownKind);
  const id = await insertAttestation(deps.db, {
    userId,
    kind: kind.code,
    statement: attestationMessages.statement(kind.label),
  });
  if (!id) throw new AppError(409, 'conflict', attestationMessages.alreadyRecorded);
  deps.log.info({ attestationId: id, userId, kind: kind.code }, 'attestation recorded');
  await announceMemberChanged(deps, userId);
  const row = await findAttestation(deps.db, id);
  // Gone only if the member was deleted meanwhile (their attestations go with them).
  if (!row) throw NOT_FOUND;
  return toAttestationView(row);
}

/** Admin: revokes a standing attestation, saying why; it no longer satisfies any rule. */
export async function revoke(deps: Deps, id: string, adminId: string, reason: string): Promise<MemberAttestationView> {
  const revoked = await revokeAttestation(deps.db, id, { by: adminId, reason, at: new Date(deps.now()) });
  if (!revoked) {
    if (await findAttestation(deps.db, id)) throw new AppError(409, 'conflict', attestationMessages.alreadyRevoked);
    throw NOT_FOUND;
  }
  deps.log.info({ attestationId: id, userId: revoked.userId, adminId }, 'attestation revoked');
  await announceMemberChanged(deps, revoked.userId);
  const row = await findAttestation(deps.db, id);
  if (!row) throw NOT_FOUND;
  return toAttestationView(row);
}
