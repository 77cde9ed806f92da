import { type AdminReturn, fulfillmentMessages, type MemberReturn, returnDecidedDedupeKey } from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';
import { calls, deliveredDaysAgo, insertOrder, mailsKeyed } from './returns-support';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('returns on %s', (backend) => {
  let t: TestApp;
  let member: SeededMember;
  let stranger: SeededMember;
  let admin: SeededMember;
  const call = calls(() => t);

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const seeded = await seedOnboardedMembers(t.database.db, { count: 3, sessionSecret: t.app.config.sessionSecret });
    const [m, s, a] = seeded;
    if (!m || !s || !a) throw new Error('setup');
    [member, stranger, admin] = [m, s, a];
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (purchaseId: string, who = member, reason = 'The blade arrived chipped') =>
    call(who.cookie, 'POST', '/api/returns', { purchaseId, reason });
  const requested = async (purchaseId: string) => {
    const res = await ask(purchaseId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as MemberReturn;
  };
  const decide = (returnId: string, step: 'approve' | 'decline' | 'receive', body?: unknown) =>
    call(admin.cookie, 'POST', `/api/admin/returns/${returnId}/${step}`, body ?? {});
  const notAllowed = (message: string) => ({ message, code: 'return_not_allowed' });

  it('takes a request only once the package is delivered', async () => {
    for (const state of [undefined, { status: 'processing' as const }, { status: 'shipped' as const }]) {
      const { purchaseId } = await insertOrder(t.database.db, member.userId, { state });
      const res = await ask(purchaseId);
      expect(res.statusCode, JSON.stringify(state)).toBe(409);
      expect(res.json()).toEqual(notAllowed(fulfillmentMessages.returnNotDelivered));
    }
  });

  it('takes a request within the window after delivery, with an RMA number, and refuses it after', async () => {
    const { purchaseId, shipmentId } = await insertOrder(t.database.db, member.userId, {
      state: { status: 'delivered', deliveredDaysAgo: 29 },
    });
    const asked = await requested(purchaseId);
    expect(asked).toMatchObject({ status: 'requested', reason: 'The blade arrived chipped', message: null });
    expect(asked.number).toMatch(/^RMA-[A-Z0-9]{8}$/);

    const late = await insertOrder(t.database.db, member.userId, { state: { status: 'delivered' } });
    if (!late.shipmentId || !shipmentId) throw new Error('setup');
    // The 30-day window, counted from delivery: aged past it in the database.
    await deliveredDaysAgo(t.database.db, late.shipmentId, 30.01);
    const res = await ask(late.purchaseId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(notAllowed(fulfillmentMessages.returnWindowClosed(30)));
  });

  it("answers someone else's purchase as unknown, like one that does not exist", async () => {
    const { purchaseId } = await insertOrder(t.database.db, member.userId, { state: { status: 'delivered' } });
    for (const [who, id] of [
      [stranger, purchaseId],
      [member, UNKNOWN],
    ] as const) {
      const res = await ask(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: fulfillmentMessages.returnNotYours, code: 'not_found' });
    }
    expect(
      await t.database.db.selectFrom('returns').select('id').where('purchaseId', '=', purchaseId).execute(),
    ).toEqual([]);
  });

  it('keeps one return in progress per purchase, also when asked twice at once; a declined one may be asked again', async () => {
    const { purchaseId } = await insertOrder(t.database.db, member.userId, { state: { status: 'delivered' } });
    const both = await Promise.all([ask(purchaseId), ask(purchaseId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refusal = both.find((r) => r.statusCode === 409);
    expect(refusal?.json()).toEqual(notAllowed(fulfillmentMessages.returnOpen));
    const first = both.find((r) => r.statusCode === 201)?.json() as MemberReturn;

    expect((await decide(first.id, 'decline', { message: 'Used knives cannot be returned' })).statusCode).toBe(200);
    const second = await requested(purchaseId);
    expect(second.number).not.toBe(first.number);
    expect((await ask(purchaseId)).json()).toEqual(notAllowed(fulfillmentMessages.returnOpen));
  });

  it('walks approve → receive and decline, each once, emailing each decision once', async () => {
    const { purchaseId } = await insertOrder(t.database.db, member.userId, {
      title: 'Approved Knife',
      state: { status: 'delivered' },
    });
    const asked = await requested(purchaseId);

    // Not yet approved: it cannot be received.
    const early = await decide(asked.id, 'receive');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: fulfillmentMessages.returnState('requested'), code: 'conflict' });

    const approved = await decide(asked.id, 'approve', { instructions: 'Ship it back in its sheath' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: asked.id,
      number: asked.number,
      status: 'approved',
      message: 'Ship it back in its sheath',
      receivedAt: null,
      member: { id: member.userId, email: member.email },
      purchase: {
        id: purchaseId,
        orderNumber: purchaseId.slice(0, 8),
        title: 'Approved Knife',
        refundedAmount: '0.00',
      },
    } satisfies Partial<Record<keyof AdminReturn, unknown>>);
    expect((approved.json() as AdminReturn).decidedAt).not.toBeNull();
    expect(await mailsKeyed(t.database.db, returnDecidedDedupeKey(asked.id, 'approved'))).toEqual([
      {
        kind: 'return_approved',
        userId: member.userId,
        payload: { returnId: asked.id },
        dedupeKey: `return_approved:${asked.id}`,
      },
    ]);
    // A second click, and a decline after the approval: refused, and no second email.
    for (const [step, body] of [
      ['approve', {}],
      ['decline', { message: 'Too late' }],
    ] as const) {
      const again = await decide(asked.id, step, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: fulfillmentMessages.returnState('approved'), code: 'conflict' });
    }
    expect(await mailsKeyed(t.database.db, returnDecidedDedupeKey(asked.id, 'approved'))).toHaveLength(1);

    const received = await decide(asked.id, 'receive');
    expect(received.json()).toMatchObject({ status: 'received' });
    expect((received.json() as AdminReturn).receivedAt).not.toBeNull();
    expect((await decide(asked.id, 'receive')).json()).toEqual({
      message: fulfillmentMessages.returnState('received'),
      code: 'conflict',
    });

    const other = await insertOrder(t.database.db, member.userId, { state: { status: 'delivered' } });
    const declinedOne = await requested(other.purchaseId);
    const blank = await decide(declinedOne.id, 'decline', { message: '  ' });
    expect(blank.json()).toEqual({ message: fulfillmentMessages.declineMessageRequired, code: 'invalid_request' });
    const declined = await decide(declinedOne.id, 'decline', { message: 'Used knives cannot be returned' });
    expect(declined.json()).toMatchObject({ status: 'declined', message: 'Used knives cannot be returned' });
    expect(await mailsKeyed(t.database.db, returnDecidedDedupeKey(declinedOne.id, 'declined'))).toEqual([
      expect.objectContaining({ kind: 'return_declined', payload: { returnId: declinedOne.id } }),
    ]);

    const unknown = await decide(UNKNOWN, 'approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: fulfillmentMessages.returnNotFound, code: 'not_found' });

    // Each decision is in the audit log, naming the return.
    const audited = await t.database.db
      .selectFrom('adminAudit')
      .select(['action', 'targetType'])
      .where('targetId', '=', asked.id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'return.receive',
      'return.approve',
      'return.approve',
      'return.decline',
      'return.receive',
      'return.receive',
    ]);
  });

  it('lists returns for the admin, newest first, by status; members may not', async () => {
    const res = await call(admin.cookie, 'GET', '/api/admin/returns');
    expect(res.statusCode).toBe(200);
    const all = res.json() as AdminReturn[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const created = all.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const requestedOnly = (
      await call(admin.cookie, 'GET', '/api/admin/returns?status=requested')
    ).json() as AdminReturn[];
    expect(requestedOnly.length).toBeGreaterThan(0);
    expect(requestedOnly.every((r) => r.status === 'requested')).toBe(true);
    expect((await call(member.cookie, 'GET', '/api/admin/returns')).statusCode).toBe(403);
  });
});
