import { simulatorDb } from '@vault/authnet-simulator';
import { backends, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/payments/authnet/client';
import { buildTestApp, ORIGIN, type TestApp, tokenizeCard } from '../test-app';
import { simulatorPayments } from './payments-support';

// The app's gateway client (getTransactionDetails, refund, void, findTransactionByInvoice) against
// the simulator the app mounts, with the daily cut-off from the app's config; and the settlement
// control, an admin action beside the fault controls. The simulator's own rules, through the
// official SDK, are in packages/authnet-simulator/test/authnet-settlement.int.test.ts.

const CUTOFF = '06:30';

describe.each(backends)('settlement and refunds through the app client, on %s', (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  let member: SeededMember;
  const { options } = simulatorPayments();
  const client = () => t.app.payments.client;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      ...options,
      config: { payments: { ...options.config.payments, simulatorSettlementCutoff: CUTOFF } },
    });
    const seeded = await seedOnboardedMembers(t.database.db, {
      count: 2,
      sessionSecret: t.app.config.sessionSecret,
      emailPrefix: `settle-${backend}`,
    });
    [admin, member] = seeded as [SeededMember, SeededMember];
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  let customers = 0;
  async function savedCard() {
    const { opaqueData } = await tokenizeCard(t.app, '4111111111111111');
    const created = await client().createCustomerProfile({
      merchantCustomerId: `settle-${backend}-${++customers}`,
      email: `settle${customers}@example.com`,
      billTo: { firstName: 'Ada', lastName: 'Blade' },
      opaqueData,
      validationMode: 'liveMode',
    });
    return { customerProfileId: created.customerProfileId, paymentProfileId: created.customerPaymentProfileId };
  }
  const charge = (ids: Awaited<ReturnType<typeof savedCard>>, amount: string, invoiceNumber: string) => ({
    refId: invoiceNumber,
    amount,
    invoiceNumber,
    description: 'A Damascus chef knife',
    ...ids,
  });
  const settle = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/authnet/settlement',
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('settles a capture at the configured cut-off, or when an admin runs the batch (audited)', async () => {
    const ids = await savedCard();
    const auth = await client().authorize(charge(ids, '25.00', `ST${backend}1`));
    const captured = await client().capture({ refId: 'cap', refTransId: auth.transId });
    // The gateway's capture answers with the authorisation's own transId: the one to ask about.
    expect(captured.transId).toBe(auth.transId);
    expect(await client().getTransactionDetails(auth.transId)).toEqual({
      transId: auth.transId,
      status: 'capturedPendingSettlement',
      type: 'authOnlyTransaction',
      authAmount: 25,
      settleAmount: 25,
      invoiceNumber: `ST${backend}1`,
      settledAt: null,
    });
    // Due in the next batch at the app's cut-off (AUTHNET_SIM_SETTLEMENT_CUTOFF).
    const row = await simulatorDb(t.database)
      .selectFrom('authnetSimTransactions')
      .select('settleAt')
      .where('id', '=', Number(auth.transId))
      .executeTakeFirstOrThrow();
    const due = row.settleAt ?? new Date(0);
    expect(due.toISOString().slice(11, 16)).toBe(CUTOFF);
    expect(due.getTime() - Date.now()).toBeGreaterThan(0);
    expect(due.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    // The batch control: an admin's, not a visitor's or a member's.
    expect((await settle()).statusCode).toBe(401);
    expect((await settle(member.cookie)).statusCode).toBe(403);
    const settled = await settle(admin.cookie);
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toEqual({ message: 'Batch settled', settled: expect.any(Number) });
    expect(settled.json().settled).toBeGreaterThanOrEqual(1);
    const audited = await t.database.db
      .selectFrom('adminAudit')
      .select(['action', 'targetType', 'adminUserId'])
      .where('action', '=', 'payment_simulator.settle')
      .execute();
    expect(audited).toEqual([
      { action: 'payment_simulator.settle', targetType: 'payment_simulator', adminUserId: admin.userId },
    ]);

    const details = await client().getTransactionDetails(auth.transId);
    expect(details?.status).toBe('settledSuccessfully');
    expect(Date.parse(details?.settledAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(await client().getTransactionDetails('99999999999')).toBeNull();
  });

  it('refunds a settled charge to its profile, refuses more than settled, and finds a refund whose answer was dropped', async () => {
    const ids = await savedCard();
    const sale = await client().authorizeAndCapture(charge(ids, '40.00', `ST${backend}2`));
    await t.app.payments.simulator?.settleNow();
    const refund = (amount: string, invoiceNumber: string) =>
      client().refund({
        refId: invoiceNumber,
        amount,
        refTransId: sale.transId,
        customerProfileId: ids.customerProfileId,
        customerPaymentProfileId: ids.paymentProfileId,
        invoiceNumber,
      });

    const credit = await refund('15.00', `RF${backend}1`);
    expect(credit.transId).not.toBe(sale.transId);
    expect(await client().getTransactionDetails(credit.transId)).toMatchObject({
      status: 'refundPendingSettlement',
      type: 'refundTransaction',
      settleAmount: 15,
      invoiceNumber: `RF${backend}1`,
      settledAt: null,
    });
    await expect(refund('25.01', `RF${backend}2`)).rejects.toMatchObject({ failure: 'error', code: '55' });

    await t.app.payments.simulator?.injectFaults({ requestType: 'createTransactionRequest', kind: 'dropped-answer' });
    const lost = await refund('5.00', `RF${backend}3`).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(GatewayError);
    expect((lost as GatewayError).answerLost).toBe(true);
    expect(await client().findTransactionByInvoice(ids.customerProfileId, `RF${backend}3`)).toMatchObject({
      status: 'refundPendingSettlement',
      customerPaymentProfileId: ids.paymentProfileId,
    });
    // 15 + 5 refunded of 40: 20.01 more is refused, 20.00 is not.
    await expect(refund('20.01', `RF${backend}4`)).rejects.toMatchObject({ code: '55' });
    await expect(refund('20.00', `RF${backend}5`)).resolves.toMatchObject({ transId: expect.any(String) });
  });

  it('refuses to refund an unsettled capture (54), which the client voids in full instead', async () => {
    const ids = await savedCard();
    const auth = await client().authorize(charge(ids, '30.00', `ST${backend}3`));
    await client().capture({ refId: 'cap', refTransId: auth.transId });
    await expect(
      client().refund({
        refId: 'early',
        amount: '30.00',
        refTransId: auth.transId,
        customerProfileId: ids.customerProfileId,
        customerPaymentProfileId: ids.paymentProfileId,
        invoiceNumber: `RF${backend}6`,
      }),
    ).rejects.toMatchObject({
      failure: 'error',
      code: '54',
      message: 'The referenced transaction does not meet the criteria for issuing a credit.',
    });
    const voided = await client().voidTransaction({ refId: 'void', refTransId: auth.transId });
    expect(voided.transId).toBe(auth.transId);
    expect(await client().getTransactionDetails(auth.transId)).toMatchObject({ status: 'voided', settleAmount: 0 });
  });
});
