import { type EligibilityRuleView, eligibilityRuleMessages } from '@vault/contracts';
import { backends, type SeededMember } from '@vault/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { rulesInForce } from '../../src/eligibility/judge.repository';
import type { TestApp } from '../test-app';
import { type EligibilityAdminApp, eligibilityAdminApp } from './admin-support';

// The operator's rules through the admin API: add, edit (a new version), retire, list; refused
// input answered with the contract's texts; every write audited and announced to every replica.

const RULES = '/api/admin/eligibility-rules';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const ageRule = {
  legalClass: 'fixed_blade',
  state: 'al',
  effectiveFrom: '2024-01-01',
  effect: 'min_age',
  value: 19,
  note: 'Bowie-type knives: 19 and over in Alabama',
  sourceUrl: 'https://example.com/al',
};

describe.each(backends)('eligibility rules admin on %s', (backend) => {
  const opened = eligibilityAdminApp(backend);
  const { call, lastAudit } = opened;
  let t: TestApp;
  let admin: SeededMember;
  let customer: SeededMember;
  let bus: EligibilityAdminApp['bus'];
  beforeAll(async () => {
    ({ t, admin, customer, bus } = opened);
    const kind = await call(admin, 'POST', '/api/admin/attestation-kinds', {
      code: 'armed_forces',
      label: 'Armed forces member on duty',
    });
    expect(kind.statusCode, kind.body).toBe(201);
  });

  async function create(body: object): Promise<EligibilityRuleView> {
    const res = await call(admin, 'POST', RULES, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('is for admins only', async () => {
    expect((await call(null, 'GET', RULES)).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', RULES],
      ['POST', RULES],
      ['PATCH', `${RULES}/${UNKNOWN}`],
      ['DELETE', `${RULES}/${UNKNOWN}`],
    ] as const) {
      const res = await call(customer, method, url, method === 'GET' || method === 'DELETE' ? undefined : ageRule);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'admin_only' });
    }
    expect(await rulesInForce(t.database.db)).toEqual([]);
  });

  it('adds a rule at version 1, audited and announced', async () => {
    const seen = bus.received.length;
    const rule = await create(ageRule);
    expect(rule).toMatchObject({
      legalClass: 'fixed_blade',
      state: 'AL',
      city: null,
      zipPrefix: null,
      effectiveFrom: '2024-01-01',
      effectiveTo: null,
      effect: 'min_age',
      value: '19',
      attestations: [],
      sourceUrl: 'https://example.com/al',
      example: false,
      version: 1,
      retiredAt: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.rule_create',
      targetType: 'eligibility_rule',
      adminUserId: admin.userId,
      status: 201,
      outcomeTargetId: rule.id,
    });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);
    expect((await rulesInForce(t.database.db)).map((r) => r.id)).toContain(rule.id);
  });

  it.each([
    [{ ...ageRule, value: null }, eligibilityRuleMessages.valueForAge],
    [{ ...ageRule, value: 'ten' }, eligibilityRuleMessages.valueForAge],
    [{ ...ageRule, effect: 'max_blade', value: '3.333' }, eligibilityRuleMessages.valueForBlade],
    [{ ...ageRule, effect: 'needs_attestation', attestations: [] }, eligibilityRuleMessages.attestationsRequired],
    [{ ...ageRule, effectiveTo: '2023-12-31' }, eligibilityRuleMessages.endsBeforeStart],
    [{ ...ageRule, note: '  ' }, eligibilityRuleMessages.noteRequired],
    [{ ...ageRule, sourceUrl: 'ftp://example.com/x' }, eligibilityRuleMessages.sourceUrl],
    [
      { ...ageRule, effect: 'needs_attestation', attestations: ['armed_forces', 'nope'] },
      eligibilityRuleMessages.unknownAttestation,
    ],
    [{ ...ageRule, state: 'Texas' }, "State must be a two-letter code, '*' (anywhere) or 'interstate'"],
    [{ ...ageRule, effectiveFrom: '2024-02-30' }, 'Enter a date as YYYY-MM-DD'],
  ])('refuses %j with its message', async (body, message) => {
    const before = (await rulesInForce(t.database.db)).length;
    const res = await call(admin, 'POST', RULES, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_request' });
    expect(await rulesInForce(t.database.db)).toHaveLength(before);
  });

  it('edits a rule in place as its next version, keeping only what the effect uses', async () => {
    const rule = await create({ ...ageRule, city: 'Mobile' });
    const seen = bus.received.length;
    const res = await call(admin, 'PATCH', `${RULES}/${rule.id}`, {
      ...ageRule,
      legalClass: 'automatic',
      state: 'interstate',
      city: '',
      effect: 'needs_attestation',
      value: 21,
      attestations: ['armed_forces', 'armed_forces'],
      effectiveTo: '2030-12-31',
      note: 'Automatics across state lines need an exemption',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: EligibilityRuleView = res.json();
    expect(edited).toMatchObject({
      id: rule.id,
      legalClass: 'automatic',
      state: 'interstate',
      city: null,
      effect: 'needs_attestation',
      value: null,
      attestations: ['armed_forces'],
      effectiveTo: '2030-12-31',
      version: 2,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'eligibility.rule_update',
      targetId: rule.id,
      status: 200,
    });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);
    const again = (
      await call(admin, 'PATCH', `${RULES}/${rule.id}`, { ...ageRule, effect: 'max_blade', value: '3.5' })
    ).json();
    expect(again).toMatchObject({ version: 3, effect: 'max_blade', value: '3.50' });
    const held = (await rulesInForce(t.database.db)).find((r) => r.id === rule.id);
    expect(held).toMatchObject({ version: 3, effect: 'max_blade' });
  });

  it('retires a rule: listed still, out of force, and never edited or retired again', async () => {
    const rule = await create({ ...ageRule, state: 'CA' });
    const seen = bus.received.length;
    const res = await call(admin, 'DELETE', `${RULES}/${rule.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const retired: EligibilityRuleView = res.json();
    expect(retired.retiredAt).not.toBeNull();
    expect(retired.version).toBe(1);
    expect(await lastAudit()).toMatchObject({ action: 'eligibility.rule_retire', targetId: rule.id, status: 200 });
    await bus.until({ type: 'eligibility.rules-changed' }, seen);
    expect((await rulesInForce(t.database.db)).map((r) => r.id)).not.toContain(rule.id);

    const listed = (await call(admin, 'GET', RULES)).json() as EligibilityRuleView[];
    expect(listed.find((r) => r.id === rule.id)?.retiredAt).toBe(retired.retiredAt);

    const twice = await call(admin, 'DELETE', `${RULES}/${rule.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: eligibilityRuleMessages.retired, code: 'conflict' });
    const edit = await call(admin, 'PATCH', `${RULES}/${rule.id}`, ageRule);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: eligibilityRuleMessages.retired, code: 'conflict' });
    expect((await call(admin, 'GET', RULES)).json().find((r: EligibilityRuleView) => r.id === rule.id)).toEqual(
      retired,
    );
  });

  it('answers 404 for an unknown rule and 400 for an id that is none, never 5xx', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? ageRule : undefined;
      const unknown = await call(admin, method, `${RULES}/${UNKNOWN}`, payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: eligibilityRuleMessages.notFound, code: 'not_found' });
      const malformed = await call(admin, method, `${RULES}/not-a-uuid`, payload);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: eligibilityRuleMessages.notFound, code: 'invalid_request' });
    }
  });

  it('lists every rule, newest first, with its version and flags', async () => {
    const first = await create({ ...ageRule, state: 'NY' });
    const second = await create({ ...ageRule, state: 'NJ' });
    const listed = (await call(admin, 'GET', RULES)).json() as EligibilityRuleView[];
    const ids = listed.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBe(0);
    for (const rule of listed) expect(rule).toHaveProperty('example', false);
  });
});
