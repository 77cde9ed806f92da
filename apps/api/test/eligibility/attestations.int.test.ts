import {
  type AttestationKindView,
  attestationMessages,
  type MemberAttestationView,
  type OfferedAttestationKind,
} from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMemberFacts } from '../../src/eligibility/judge.repository';

/** The codes of a member's standing attestations, as the judge loads them, sorted. */
const standingAttestations = async (db: Parameters<typeof loadMemberFacts>[0], userId: string) =>
  [...((await loadMemberFacts(db, userId))?.attestations ?? [])].sort();

import { ORIGIN, type TestApp } from '../test-app';
import { type EligibilityAdminApp, eligibilityAdminApp } from './admin-support';

// Attestations: the kinds an operator defines, a member's dated confirmation of one, an admin's
// revocation; each change audited (admin) or kept as its own dated row (member), and announced so
// every replica judges the member afresh.

const KINDS = '/api/admin/attestation-kinds';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('attestations on %s', (backend) => {
  const opened = eligibilityAdminApp(backend);
  const { call, lastAudit } = opened;
  let t: TestApp;
  let admin: SeededMember;
  let member: SeededMember;
  let other: SeededMember;
  let bus: EligibilityAdminApp['bus'];
  beforeAll(async () => {
    ({ t, admin, customer: member, bus } = opened);
    const [seeded] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    if (!seeded) throw new Error('setup');
    other = seeded;
  });

  async function defineKind(code: string, label: string, active = true): Promise<AttestationKindView> {
    const res = await call(admin, 'POST', KINDS, { code, label, description: `${label}, for the rules`, active });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function record(who: SeededMember, kind: string): Promise<MemberAttestationView> {
    const res = await call(who, 'POST', '/api/attestations', { kind, confirm: true });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('lets admins define kinds, audited and announced; members cannot', async () => {
    const seen = bus.received.length;
    const kind = await defineKind('armed_forces', 'Armed forces member on duty');
    expect(kind).toEqual({
      code: 'armed_forces',
      label: 'Armed forces member on duty',
      description: 'Armed forces member on duty, for the rules',
      active: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.attestation_kind_create',
      targetType: 'attestation_kind',
      outcomeTargetId: 'armed_forces',
      status: 201,
    });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);

    const twice = await call(admin, 'POST', KINDS, { code: 'armed_forces', label: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: attestationMessages.kindExists, code: 'conflict' });
    const badCode = await call(admin, 'POST', KINDS, { code: 'Armed Forces', label: 'x' });
    expect(badCode.json()).toEqual({ message: 'Choose an attestation', code: 'invalid_request' });
    const noLabel = await call(admin, 'POST', KINDS, { code: 'dealer', label: ' ' });
    expect(noLabel.json()).toEqual({ message: 'Label is required', code: 'invalid_request' });

    for (const [method, url] of [
      ['GET', KINDS],
      ['POST', KINDS],
      ['PATCH', `${KINDS}/armed_forces`],
      ['POST', `/api/admin/attestations/${UNKNOWN}/revoke`],
    ] as const) {
      const res = await call(member, method, url, method === 'GET' ? undefined : { reason: 'x', label: 'x' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('relabels and deactivates a kind; members are offered the active ones with their statement', async () => {
    await defineKind('dealer', 'Licensed dealer');
    await defineKind('police', 'Law-enforcement purchase', false);
    const seen = bus.received.length;
    const res = await call(admin, 'PATCH', `${KINDS}/dealer`, { label: 'Licensed knife dealer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'dealer', label: 'Licensed knife dealer', active: true });
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.attestation_kind_update',
      outcomeTargetId: 'dealer',
      status: 200,
    });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);

    const offered = (await call(member, 'GET', '/api/attestation-kinds')).json() as OfferedAttestationKind[];
    expect(offered.map((k) => k.code).sort()).toEqual(['armed_forces', 'dealer']);
    expect(offered.find((k) => k.code === 'dealer')?.statement).toBe(
      attestationMessages.statement('Licensed knife dealer'),
    );
    const all = (await call(admin, 'GET', KINDS)).json() as AttestationKindView[];
    expect(all.map((k) => k.code)).toEqual(['armed_forces', 'dealer', 'police']);

    const unknown = await call(admin, 'PATCH', `${KINDS}/nobody`, { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: attestationMessages.kindNotFound, code: 'not_found' });
    expect((await call(admin, 'PATCH', `${KINDS}/Not%20A%20Code`, { active: false })).statusCode).toBe(400);
  });

  it('records a member’s attestation with the statement shown and the time, once', async () => {
    const seen = bus.received.length;
    const before = Date.now();
    const attestation = await record(member, 'armed_forces');
    expect(attestation).toMatchObject({
      kind: 'armed_forces',
      label: 'Armed forces member on duty',
      statement: attestationMessages.statement('Armed forces member on duty'),
      revokedAt: null,
      revokeReason: null,
    });
    expect(Date.parse(attestation.attestedAt)).toBeGreaterThanOrEqual(before - 1000);
    await bus.until({ type: 'eligibility.member-changed', userId: member.userId }, seen);
    expect(await standingAttestations(t.database.db, member.userId)).toEqual(['armed_forces']);

    const twice = await call(member, 'POST', '/api/attestations', { kind: 'armed_forces', confirm: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: attestationMessages.alreadyRecorded, code: 'conflict' });

    const listed = (await call(member, 'GET', '/api/attestations')).json() as MemberAttestationView[];
    expect(listed).toEqual([attestation]);
    expect((await call(other, 'GET', '/api/attestations')).json()).toEqual([]);
  });

  it.each([
    [{ kind: 'police', confirm: true }, attestationMessages.unknownKind],
    [{ kind: 'no_such_kind', confirm: true }, attestationMessages.unknownKind],
    [{ kind: 'dealer', confirm: false }, 'Tick the box to confirm the statement'],
    [{ kind: 'dealer' }, 'Tick the box to confirm the statement'],
  ])('refuses to record %j', async (body, message) => {
    const res = await call(other, 'POST', '/api/attestations', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect(await standingAttestations(t.database.db, other.userId)).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    for (const [method, url] of [
      ['GET', '/api/attestations'],
      ['POST', '/api/attestations'],
      ['GET', '/api/attestation-kinds'],
      ['GET', '/api/eligibility/settings'],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'POST' ? { kind: 'dealer', confirm: true } : undefined)).statusCode,
      ).toBe(401);
    }
    expect((await call(member, 'GET', '/api/eligibility/settings')).json()).toEqual({
      minimumAge: 18,
      shipFromState: 'TX',
    });
  });

  it('lets an admin revoke one, saying why; the member sees it and may record it again', async () => {
    const attestation = await record(other, 'dealer');
    const seen = bus.received.length;
    const url = `/api/admin/attestations/${attestation.id}/revoke`;
    const res = await call(admin, 'POST', url, { reason: 'Licence expired' });
    expect(res.statusCode, res.body).toBe(200);
    const revoked: MemberAttestationView = res.json();
    expect(revoked).toMatchObject({ id: attestation.id, revokeReason: 'Licence expired' });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.attestation_revoke',
      targetType: 'member_attestation',
      targetId: attestation.id,
      status: 200,
    });
    await bus.until({ type: 'eligibility.member-changed', userId: other.userId }, seen);
    expect(await standingAttestations(t.database.db, other.userId)).toEqual([]);
    const revoker = await t.database.db
      .selectFrom('memberAttestations')
      .select('revokedBy')
      .where('id', '=', attestation.id)
      .executeTakeFirstOrThrow();
    expect(revoker.revokedBy).toBe(admin.userId);

    const twice = await call(admin, 'POST', url, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: attestationMessages.alreadyRevoked, code: 'conflict' });
    const unknown = await call(admin, 'POST', `/api/admin/attestations/${UNKNOWN}/revoke`, { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: attestationMessages.notFound, code: 'not_found' });
    expect((await call(admin, 'POST', url, { reason: ' ' })).json()).toEqual({
      message: 'Say why it is revoked',
      code: 'invalid_request',
    });

    const again = await record(other, 'dealer');
    const listed = (await call(other, 'GET', '/api/attestations')).json() as MemberAttestationView[];
    expect(listed.map((a) => a.id)).toEqual([again.id, attestation.id]);
    expect(listed[1]).toEqual(revoked);
    expect(await standingAttestations(t.database.db, other.userId)).toEqual(['dealer']);
  });

  it('stops counting a standing attestation while its kind is inactive', async () => {
    expect(await standingAttestations(t.database.db, member.userId)).toEqual(['armed_forces']);
    await call(admin, 'PATCH', `${KINDS}/armed_forces`, { active: false });
    expect(await standingAttestations(t.database.db, member.userId)).toEqual([]);
    const refused = await call(member, 'POST', '/api/attestations', { kind: 'armed_forces', confirm: true });
    expect(refused.json()).toEqual({ message: attestationMessages.unknownKind, code: 'invalid_request' });
    await call(admin, 'PATCH', `${KINDS}/armed_forces`, { active: true });
    expect(await standingAttestations(t.database.db, member.userId)).toEqual(['armed_forces']);
  });

  it('limits how often one address records', async () => {
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/attestations',
        remoteAddress: '10.20.30.40',
        headers: { origin: ORIGIN, cookie: member.cookie },
        payload: { kind: 'dealer', confirm: true, attempt: i },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await from(i)).statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const last = await from(60);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'rate_limited' });
  });
});
