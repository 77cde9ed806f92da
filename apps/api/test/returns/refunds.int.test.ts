import { simulatorDb } from '@vault/authnet-simulator';
import {
  type AdminReturn,
  fulfillmentMessages,
  OrderList,
  purchaseMessages,
  refundIssuedDedupeKey,
} from '@vault/contracts';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';
import { refundHelpers, refusal } from './refunds-support';
import { mailCount, mailsKeyed } from './returns-support';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const cents = (money: string | null) => Math.round(Number(money ?? 0) * 100);

describe.each(backends)('refunds at the gateway on %s', (backend) => {
  let t: TestApp;
  let member: SeededMember;
  let admin: SeededMember;
  const { call, capturedPurchase, deliveredPurchase, refund, refunded, creditsAtGateway, chargeAtGateway, refundRows } =
    refundHelpers(
      () => t,
      () => ({ member, admin }),
    );

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    const [m, a] = await seedOnboardedMembers(t.database.db, { count: 2, sessionSecret: t.app.config.sessionSecret });
    if (!m || !a) throw new Error('setup');
    [member, admin] = [m, a];
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refunds part of a settled capture, then up to the rest, and refuses more; a received return becomes refunded', async () => {
    // The member's parcel shipped (captured), delivered, returned and received at the warehouse.
    const purchase = await deliveredPurchase('100.00');
    const asked = await call(member.cookie, 'POST', '/api/returns', { purchaseId: purchase.id, reason: 'Too heavy' });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().id as string;
    for (const step of ['approve', 'receive'])
      expect((await call(admin.cookie, 'POST', `/api/admin/returns/${returnId}/${step}`, {})).statusCode).toBe(200);

    const first = await refunded(purchase.id, '40.00');
    expect(first).toMatchObject({
      purchaseId: purchase.id,
      amount: '40.00',
      reason: 'Scratched on arrival',
      method: 'refund',
      status: 'done',
      refundableAmount: '60.00',
    });
    const returned = (await call(admin.cookie, 'GET', '/api/admin/returns')).json() as AdminReturn[];
    expect(returned.find((r) => r.id === returnId)).toMatchObject({
      status: 'refunded',
      purchase: { capturedAmount: '100.00', refundedAmount: '40.00' },
    });

    const tooMuch = await refund(purchase.id, '60.01');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual(refusal(fulfillmentMessages.refundTooLarge('60.00')));

    expect(await refunded(purchase.id, '60.00')).toMatchObject({ status: 'done', refundableAmount: '0.00' });
    expect((await refund(purchase.id, '0.01')).json()).toEqual(refusal(fulfillmentMessages.refundTooLarge('0.00')));

    // The gateway credited exactly that, each under the refund's own invoice number, to the card charged.
    const rows = await refundRows(purchase.id);
    const credits = await creditsAtGateway(purchase.transactionId);
    expect(credits.map((c) => c.amount)).toEqual(['40.00', '60.00']);
    expect(credits.map((c) => c.invoiceNumber)).toEqual(rows.map((r) => r.id.replace(/-/g, '').slice(0, 20)));
    expect(rows.map((r) => r.transactionId)).toEqual(credits.map((c) => String(c.id)));
    expect(rows[0]?.returnId).toBe(returnId);
    // One email per refund, queued with it.
    for (const row of rows)
      expect(await mailsKeyed(t.database.db, refundIssuedDedupeKey(row.id))).toEqual([
        expect.objectContaining({ kind: 'refund_issued', userId: member.userId, payload: { refundId: row.id } }),
      ]);
    // The member's order lists both.
    const orders = OrderList.parse((await call(member.cookie, 'GET', '/api/orders')).json());
    expect(orders.find((o) => o.id === purchase.id)?.refunds.map((r) => r.amount)).toEqual(['40.00', '60.00']);
    // Audited, naming the purchase.
    const audited = await t.database.db
      .selectFrom('adminAudit')
      .select('action')
      .where('targetId', '=', purchase.id)
      .where('action', '=', 'purchase.refund')
      .execute();
    expect(audited).toHaveLength(4);
  });

  it('voids an unsettled capture in full, and refuses a partial refund of it', async () => {
    const purchase = await capturedPurchase('50.00', { settle: false });
    const partial = await refund(purchase.id, '20.00');
    expect(partial.statusCode).toBe(409);
    expect(partial.json()).toEqual(refusal(fulfillmentMessages.refundPartialUnsettled));
    expect(await refundRows(purchase.id)).toEqual([]);

    expect(await refunded(purchase.id, '50.00')).toMatchObject({
      method: 'void',
      status: 'done',
      refundableAmount: '0.00',
    });
    expect(await chargeAtGateway(purchase.transactionId)).toBe('voided');
    expect(await creditsAtGateway(purchase.transactionId)).toEqual([]);
  });

  it('refunds only captured purchases, and only for admins', async () => {
    const authorised = await capturedPurchase('30.00', { capture: false });
    const res = await refund(authorised.id, '30.00');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refusal(fulfillmentMessages.refundNotCaptured));
    const unknown = await refund(UNKNOWN, '1.00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: purchaseMessages.notFound, code: 'not_found' });
    const zero = await refund(authorised.id, '0.00');
    expect(zero.json()).toEqual({ message: fulfillmentMessages.refundAmount, code: 'invalid_request' });
    const asMember = await call(member.cookie, 'POST', `/api/admin/purchases/${authorised.id}/refund`, {
      amount: '1.00',
      reason: 'Mine',
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('leaves nothing refunded when the gateway refuses, and refunds on a later try', async () => {
    const purchase = await capturedPurchase('70.00');
    const mailsBefore = await mailCount(t.database.db, member.userId, 'refund_issued');
    await t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind: 'error' });
    const res = await refund(purchase.id, '70.00');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'gateway_error' });
    expect(await refundRows(purchase.id)).toEqual([
      expect.objectContaining({ status: 'failed', errorMessage: expect.any(String), transactionId: null }),
    ]);
    expect(await creditsAtGateway(purchase.transactionId)).toEqual([]);
    expect(await mailCount(t.database.db, member.userId, 'refund_issued')).toBe(mailsBefore);
    const orders = OrderList.parse((await call(member.cookie, 'GET', '/api/orders')).json());
    expect(orders.find((o) => o.id === purchase.id)?.refunds).toEqual([]);

    expect(await refunded(purchase.id, '70.00')).toMatchObject({ status: 'done', refundableAmount: '0.00' });
  });

  it("passes on the gateway's own refusal: a charge settled more than 180 days ago takes no credit", async () => {
    const purchase = await capturedPurchase('45.00');
    await simulatorDb(t.database)
      .updateTable('authnetSimTransactions')
      .set({ settleAt: new Date(Date.now() - 181 * 86_400_000) })
      .where('id', '=', Number(purchase.transactionId))
      .execute();
    const res = await refund(purchase.id, '10.00');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: expect.stringContaining('does not meet the criteria for issuing a credit'),
      code: 'gateway_error',
    });
    expect(await refundRows(purchase.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await creditsAtGateway(purchase.transactionId)).toEqual([]);
  });

  it('leaves a refund whose answer was lost pending, and the reconciler finds it done at the gateway, once', async () => {
    const purchase = await capturedPurchase('90.00');
    await t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind: 'lost-answer' });
    const lost = await refunded(purchase.id, '35.00');
    expect(lost).toMatchObject({ status: 'pending', refundableAmount: '55.00' });
    // One at the gateway at a time: nothing else until it is known.
    expect((await refund(purchase.id, '1.00')).json()).toEqual(refusal(fulfillmentMessages.refundInProgress));
    // Too young for the reconciler's usual pass: a live request may still be working on it.
    expect(await t.app.refunds.reconcile()).toEqual({ done: 0, failed: 0, unknown: 0 });

    const passes = await Promise.all([
      t.app.refunds.reconcile({ pendingAfterMs: 0 }),
      t.app.refunds.reconcile({ pendingAfterMs: 0 }),
    ]);
    expect(passes.reduce((sum, pass) => sum + pass.done, 0)).toBe(1);
    expect(await t.app.refunds.reconcile({ pendingAfterMs: 0 })).toEqual({ done: 0, failed: 0, unknown: 0 });
    const [row] = await refundRows(purchase.id);
    const credits = await creditsAtGateway(purchase.transactionId);
    expect(credits).toHaveLength(1);
    expect(row).toMatchObject({ status: 'done', amount: '35.00', transactionId: String(credits[0]?.id) });
    expect(await mailsKeyed(t.database.db, refundIssuedDedupeKey(row?.id ?? ''))).toHaveLength(1);
  });

  it('reconciles a void whose answer was dropped from the charge the gateway reports voided', async () => {
    const purchase = await capturedPurchase('25.00', { settle: false });
    await t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind: 'dropped-answer' });
    expect(await refunded(purchase.id, '25.00')).toMatchObject({ method: 'void', status: 'pending' });
    expect(await t.app.refunds.reconcile({ pendingAfterMs: 0 })).toMatchObject({ done: 1 });
    expect(await refundRows(purchase.id)).toEqual([expect.objectContaining({ method: 'void', status: 'done' })]);
    expect(await chargeAtGateway(purchase.transactionId)).toBe('voided');
  });

  it('never refunds more than the capture when refunds race', async () => {
    const purchase = await capturedPurchase('100.00');
    const answers = await Promise.all(
      ['40.00', '40.00', '40.00', '40.00'].map((amount) => refund(purchase.id, amount)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).toContain(201);
    for (const answer of answers.filter((a) => a.statusCode !== 201))
      expect(answer.json()).toMatchObject({ code: 'refund_not_allowed' });
    // Whatever raced in, the ledger and the gateway agree and stay within the capture.
    const done = (await refundRows(purchase.id)).filter((r) => r.status === 'done');
    const credits = await creditsAtGateway(purchase.transactionId);
    expect(done.map((r) => r.amount).sort()).toEqual(credits.map((c) => c.amount).sort());
    expect(done.reduce((sum, r) => sum + cents(r.amount), 0)).toBeLessThanOrEqual(10_000);
    expect(done.length).toBe(statuses.filter((s) => s === 201).length);
  });
});
