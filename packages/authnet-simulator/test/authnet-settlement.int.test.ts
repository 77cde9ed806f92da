import { backends } from '@vault/testing';
import { APIContracts as Contracts, APIControllers as Controllers } from 'authorizenet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResponse } from '../src/schema-order';
import { type SdkController, type SdkProfileIds, sdkClient, sdkFlows } from './support/authnet-sdk';
import { SIMULATOR_PREFIX, type SimulatorHost, startSimulatorHost } from './support/simulator-host';

// After the sale, through Authorize.Net's official Node SDK: captures settle in the daily batch
// (23:00 UTC here) or when the batch control runs; getTransactionDetails reports each state;
// refunds go to the masked card or the profile of a settled charge, and are refused as the
// gateway refuses them. The simulator runs on a clock this test moves (createSimulator's `now`),
// so the cut-off, the 30-day authorisation and the 180-day refund window are reached exactly.

const DAY_MS = 86_400_000;
const { TransactionTypeEnum: Type, MessageTypeEnum: Result } = Contracts;

describe.each(backends)('settlement, transaction details and refunds through the official SDK on %s', (backend) => {
  let t: SimulatorHost;
  let sdk: ReturnType<typeof sdkClient>;
  let flows: ReturnType<typeof sdkFlows>;
  let clock = new Date('2026-03-10T08:00:00.000Z');
  const setClock = (iso: string | Date) => {
    clock = new Date(iso);
  };

  beforeAll(async () => {
    t = await startSimulatorHost(backend, { simulator: { now: () => new Date(clock) }, appTables: false });
    sdk = sdkClient(t.endpoint, t.credentials);
    flows = sdkFlows(sdk, t.credentials);
  });
  afterAll(async () => {
    await t?.close();
  });

  let customers = 0;
  async function savedCard(cardNumber = '4111111111111111'): Promise<SdkProfileIds> {
    const created = await flows.createProfile(cardNumber, `SETTLE_${backend}_${++customers}`);
    expect(created.getMessages().getResultCode()).toBe(Result.OK);
    return flows.profileIds(created);
  }

  let invoices = 0;
  /** A charge on the saved card: authOnly (to capture later) or authCapture (captured at once). */
  async function charge(ids: SdkProfileIds, amount: number, type = Type.AUTHONLYTRANSACTION) {
    const invoiceNumber = `S${backend.slice(0, 2)}${++invoices}`;
    const response = await flows.transact('charge', (tr) => {
      tr.setTransactionType(type);
      tr.setAmount(amount);
      tr.setProfile(flows.profilePayment(ids));
      tr.setOrder(flows.order(invoiceNumber, 'A Damascus chef knife'));
    });
    expect(response.getTransactionResponse().getResponseCode()).toBe('1');
    return { transId: String(response.getTransactionResponse().getTransId()), invoiceNumber };
  }

  /** priorAuthCaptureTransaction or voidTransaction of a transaction. */
  const followUp = (type: string, refTransId: string, amount?: number) =>
    flows.transact('follow-up', (tr) => {
      tr.setTransactionType(type);
      if (amount !== undefined) tr.setAmount(amount);
      tr.setRefTransId(refTransId);
    });

  /** refundTransaction against a charge, to its masked card or to a customer profile. */
  const refund = (args: {
    refTransId: string;
    amount: number;
    card?: string;
    profile?: SdkProfileIds;
    invoice?: string;
  }) =>
    flows.transact('refund', (tr) => {
      tr.setTransactionType(Type.REFUNDTRANSACTION);
      tr.setAmount(args.amount);
      if (args.card) {
        const creditCard = new Contracts.CreditCardType();
        creditCard.setCardNumber(args.card);
        creditCard.setExpirationDate('XXXX');
        const payment = new Contracts.PaymentType();
        payment.setCreditCard(creditCard);
        tr.setPayment(payment);
      }
      if (args.profile) tr.setProfile(flows.profilePayment(args.profile));
      tr.setRefTransId(args.refTransId);
      if (args.invoice) tr.setOrder(flows.order(args.invoice));
    });

  /** getTransactionDetailsRequest: the SDK's reading of it, after checking the raw answer against the XSD. */
  async function details(transId: string) {
    const request = new Contracts.GetTransactionDetailsRequest();
    request.setMerchantAuthentication(sdk.merchant());
    request.setTransId(transId);
    const controller = new Controllers.GetTransactionDetailsController(request.getJSON()) as SdkController;
    const raw = await sdk.send(controller);
    sdk.expectSdkShape(controller);
    if (raw.transaction) expect(checkResponse('getTransactionDetailsResponse', raw)).toBeNull();
    return new Contracts.GetTransactionDetailsResponse(raw);
  }
  const statusOf = async (transId: string) => (await details(transId)).getTransaction().getTransactionStatus();

  /** The failure of a refused transaction: [response code, reason code, text]. */
  const refusal = (response: InstanceType<typeof Contracts.CreateTransactionResponse>) => {
    const tr = response.getTransactionResponse();
    const error = tr.getErrors().getError()[0];
    return [tr.getResponseCode(), error.getErrorCode(), error.getErrorText()];
  };

  /** The admin control: the daily batch, now. */
  async function settleNow() {
    const res = await fetch(`${t.baseUrl}${SIMULATOR_PREFIX}/settlement`, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()) as { message: string; settled: number };
  }

  it('reports a capture pending until the cut-off, settled at it, and in the batch the control runs', async () => {
    setClock('2026-03-10T08:00:00.000Z');
    const ids = await savedCard();
    const auth = await charge(ids, 100);
    const authorised = (await details(auth.transId)).getTransaction();
    expect(authorised.getTransactionStatus()).toBe('authorizedPendingCapture');
    expect(authorised.getTransactionType()).toBe('authOnlyTransaction');
    expect(authorised.getAuthAmount()).toBe(100);
    expect(authorised.getBatch()).toBeUndefined();
    expect(authorised.getOrder().getInvoiceNumber()).toBe(auth.invoiceNumber);
    expect(authorised.getPayment().getCreditCard().getCardNumber()).toBe('XXXX1111');
    expect(authorised.getPayment().getCreditCard().getExpirationDate()).toBe('XXXX');
    expect(authorised.getPayment().getCreditCard().getCardType()).toBe('Visa');
    expect(authorised.getProfile().getCustomerProfileId()).toBe(ids.customer);
    expect(authorised.getProfile().getCustomerPaymentProfileId()).toBe(ids.payment);
    expect(authorised.getSubmitTimeUTC()).toBe('2026-03-10T08:00:00.000Z');

    // A capture for less than was authorised; the authorisation's own transId moves, and is the answer's.
    setClock('2026-03-10T12:00:00.000Z');
    const captured = (await followUp(Type.PRIORAUTHCAPTURETRANSACTION, auth.transId, 80)).getTransactionResponse();
    expect(captured.getResponseCode()).toBe('1');
    expect([captured.getTransId(), captured.getRefTransID()]).toEqual([auth.transId, auth.transId]);
    const pending = (await details(auth.transId)).getTransaction();
    expect([pending.getTransactionStatus(), pending.getAuthAmount(), pending.getSettleAmount()]).toEqual([
      'capturedPendingSettlement',
      100,
      80,
    ]);

    setClock('2026-03-10T22:59:59.999Z');
    expect(await statusOf(auth.transId)).toBe('capturedPendingSettlement');
    setClock('2026-03-10T23:00:00.000Z');
    const settled = (await details(auth.transId)).getTransaction();
    expect(settled.getTransactionStatus()).toBe('settledSuccessfully');
    expect(settled.getBatch().getSettlementTimeUTC()).toBe('2026-03-10T23:00:00.000Z');
    expect(settled.getBatch().getSettlementState()).toBe('settledSuccessfully');
    expect(settled.getBatch().getBatchId()).toMatch(/^\d+$/);

    // Captured at the cut-off itself: tomorrow's batch, unless the control runs the batch now.
    const sale = await charge(ids, 30, Type.AUTHCAPTURETRANSACTION);
    expect(await statusOf(sale.transId)).toBe('capturedPendingSettlement');
    setClock('2026-03-10T23:30:00.000Z');
    expect(await statusOf(sale.transId)).toBe('capturedPendingSettlement');
    expect(await settleNow()).toEqual({ message: 'Batch settled', settled: 1 });
    const batched = (await details(sale.transId)).getTransaction();
    expect([batched.getTransactionStatus(), batched.getSettleAmount()]).toEqual(['settledSuccessfully', 30]);
    expect(batched.getBatch().getSettlementTimeUTC()).toBe('2026-03-10T23:30:00.000Z');
    expect(batched.getBatch().getBatchId()).not.toBe(settled.getBatch().getBatchId());
    expect(await settleNow()).toEqual({ message: 'Batch settled', settled: 0 });

    const unknown = await details('12345678901');
    expect(unknown.getMessages().getResultCode()).toBe(Result.ERROR);
    expect(unknown.getMessages().getMessage()[0].getCode()).toBe('E00040');
  });

  it('refunds a settled charge by masked card and by profile, never above what settled, each refund with its own status', async () => {
    setClock('2026-03-11T09:00:00.000Z');
    const ids = await savedCard();
    const sale = await charge(ids, 50, Type.AUTHCAPTURETRANSACTION);
    await settleNow();

    const byCard = await refund({ refTransId: sale.transId, amount: 20, card: 'XXXX1111', invoice: 'RF1' });
    expect(byCard.getMessages().getResultCode()).toBe(Result.OK);
    const credit = byCard.getTransactionResponse();
    expect(credit.getResponseCode()).toBe('1');
    expect(credit.getRefTransID()).toBe(sale.transId);
    expect(credit.getAccountNumber()).toBe('XXXX1111');
    const creditId = String(credit.getTransId());
    expect(creditId).not.toBe(sale.transId);
    const pending = (await details(creditId)).getTransaction();
    expect([
      pending.getTransactionType(),
      pending.getTransactionStatus(),
      pending.getRefTransId(),
      pending.getAuthAmount(),
      pending.getSettleAmount(),
      pending.getOrder().getInvoiceNumber(),
    ]).toEqual(['refundTransaction', 'refundPendingSettlement', sale.transId, 20, 20, 'RF1']);
    // The charge itself stays settled.
    expect(await statusOf(sale.transId)).toBe('settledSuccessfully');

    const byProfile = await refund({ refTransId: sale.transId, amount: 25, profile: ids, invoice: 'RF2' });
    expect(byProfile.getTransactionResponse().getResponseCode()).toBe('1');
    // 45 of 50 refunded: 5.01 more would exceed it; 5.00 (the last four digits alone) does not.
    expect(refusal(await refund({ refTransId: sale.transId, amount: 5.01, profile: ids, invoice: 'RF3' }))).toEqual([
      '3',
      '55',
      'The sum of credits against the referenced transaction would exceed original debit amount.',
    ]);
    const last = await refund({ refTransId: sale.transId, amount: 5, card: '1111', invoice: 'RF4' });
    expect(last.getTransactionResponse().getResponseCode()).toBe('1');
    expect(refusal(await refund({ refTransId: sale.transId, amount: 0.01, card: '1111', invoice: 'RF5' }))[1]).toBe(
      '55',
    );

    // Another card's digits, another member's profile.
    expect(refusal(await refund({ refTransId: sale.transId, amount: 1, card: 'XXXX0002' }))).toEqual([
      '3',
      '6',
      'The credit card number is invalid.',
    ]);
    const other = await savedCard('5424000000000015');
    const wrongProfile = await refund({ refTransId: sale.transId, amount: 1, profile: other });
    expect(wrongProfile.getMessages().getResultCode()).toBe(Result.ERROR);
    expect(wrongProfile.getMessages().getMessage()[0].getCode()).toBe('E00051');
    expect(wrongProfile.getMessages().getMessage()[0].getText()).toBe(
      'The original transaction was not issued for this payment profile.',
    );

    // The customer's list has the refunds, each with its own status and invoice number.
    const list = new Contracts.GetTransactionListForCustomerRequest();
    list.setMerchantAuthentication(sdk.merchant());
    list.setCustomerProfileId(ids.customer);
    const listController = new Controllers.GetTransactionListForCustomerController(list.getJSON()) as SdkController;
    const listed = new Contracts.GetTransactionListResponse(await sdk.send(listController));
    const rows = listed
      .getTransactions()
      .getTransaction()
      .map((tx: InstanceType<typeof Contracts.TransactionSummaryType>) => [
        tx.getInvoiceNumber(),
        tx.getTransactionStatus(),
      ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [sale.invoiceNumber, 'settledSuccessfully'],
        ['RF1', 'refundPendingSettlement'],
        ['RF2', 'refundPendingSettlement'],
        ['RF4', 'refundPendingSettlement'],
      ]),
    );
    expect(rows).toHaveLength(4);

    setClock('2026-03-11T10:00:00.000Z');
    expect((await settleNow()).settled).toBe(3);
    const refunded = (await details(creditId)).getTransaction();
    expect(refunded.getTransactionStatus()).toBe('refundSettledSuccessfully');
    expect(refunded.getBatch().getSettlementTimeUTC()).toBe('2026-03-11T10:00:00.000Z');
  });

  it('refuses to refund a capture that has not settled (54) and voids it instead; a settled one cannot be voided', async () => {
    setClock('2026-03-12T09:00:00.000Z');
    const ids = await savedCard();
    const auth = await charge(ids, 40);
    expect(refusal(await refund({ refTransId: auth.transId, amount: 40, profile: ids }))[1]).toBe('54');
    await followUp(Type.PRIORAUTHCAPTURETRANSACTION, auth.transId);
    expect(refusal(await refund({ refTransId: auth.transId, amount: 40, profile: ids }))).toEqual([
      '3',
      '54',
      'The referenced transaction does not meet the criteria for issuing a credit.',
    ]);

    const voided = (await followUp(Type.VOIDTRANSACTION, auth.transId)).getTransactionResponse();
    expect([voided.getResponseCode(), voided.getTransId()]).toEqual(['1', auth.transId]);
    const after = (await details(auth.transId)).getTransaction();
    expect([after.getTransactionStatus(), after.getSettleAmount()]).toEqual(['voided', 0]);
    expect(refusal(await refund({ refTransId: auth.transId, amount: 40, profile: ids }))[1]).toBe('54');
    expect(refusal(await followUp(Type.VOIDTRANSACTION, auth.transId))[1]).toBe('310');
    // Nothing to settle: a voided capture leaves the batch.
    expect((await settleNow()).settled).toBe(0);

    const sale = await charge(ids, 15, Type.AUTHCAPTURETRANSACTION);
    await settleNow();
    expect(refusal(await followUp(Type.VOIDTRANSACTION, sale.transId))).toEqual([
      '3',
      '16',
      'The transaction cannot be found.',
    ]);
    expect(await statusOf(sale.transId)).toBe('settledSuccessfully');
  });

  it('refuses a refund 180 days after settlement, and a capture of an authorisation after 30 days', async () => {
    setClock('2026-04-01T09:00:00.000Z');
    const ids = await savedCard();
    const sale = await charge(ids, 60, Type.AUTHCAPTURETRANSACTION);
    const settledAt = new Date('2026-04-01T23:00:00.000Z');
    setClock(new Date(settledAt.getTime() + 180 * DAY_MS));
    expect(
      (await refund({ refTransId: sale.transId, amount: 1, card: 'XXXX1111', invoice: 'OLD1' }))
        .getTransactionResponse()
        .getResponseCode(),
    ).toBe('1');
    setClock(new Date(settledAt.getTime() + 180 * DAY_MS + 1));
    expect(refusal(await refund({ refTransId: sale.transId, amount: 1, card: 'XXXX1111', invoice: 'OLD2' }))).toEqual([
      '3',
      '54',
      'The referenced transaction does not meet the criteria for issuing a credit.',
    ]);

    setClock('2026-11-01T09:00:00.000Z');
    const auth = await charge(ids, 70);
    setClock(new Date(Date.parse('2026-11-01T09:00:00.000Z') + 30 * DAY_MS - 1));
    expect(await statusOf(auth.transId)).toBe('authorizedPendingCapture');
    setClock(new Date(Date.parse('2026-11-01T09:00:00.000Z') + 30 * DAY_MS));
    expect(await statusOf(auth.transId)).toBe('expired');
    expect(refusal(await followUp(Type.PRIORAUTHCAPTURETRANSACTION, auth.transId))).toEqual([
      '3',
      '16',
      'The transaction cannot be found.',
    ]);
    expect(await statusOf(auth.transId)).toBe('expired');
  });

  it('applies queued faults to the new requests: a refund done with its answer dropped is found by its invoice number', async () => {
    setClock('2026-12-01T09:00:00.000Z');
    const ids = await savedCard();
    const sale = await charge(ids, 90, Type.AUTHCAPTURETRANSACTION);
    await settleNow();

    await t.simulator.injectFaults({ requestType: 'getTransactionDetailsRequest', kind: 'error' });
    const failed = await details(sale.transId);
    expect(failed.getMessages().getMessage()[0].getCode()).toBe('E00001');

    await t.simulator.injectFaults({ requestType: 'createTransactionRequest', kind: 'error' });
    const refused = await refund({ refTransId: sale.transId, amount: 10, profile: ids, invoice: 'LOST0' });
    expect(refused.getMessages().getMessage()[0].getCode()).toBe('E00001');

    await t.simulator.injectFaults({ requestType: 'createTransactionRequest', kind: 'dropped-answer' });
    await expect(refund({ refTransId: sale.transId, amount: 10, profile: ids, invoice: 'LOST1' })).rejects.toBeTruthy();
    // The refund happened (the refused one did not): 80 of 90 can still be refunded, not 90.
    expect(refusal(await refund({ refTransId: sale.transId, amount: 80.01, profile: ids, invoice: 'LOST2' }))[1]).toBe(
      '55',
    );
    const list = new Contracts.GetTransactionListForCustomerRequest();
    list.setMerchantAuthentication(sdk.merchant());
    list.setCustomerProfileId(ids.customer);
    const listed = new Contracts.GetTransactionListResponse(
      await sdk.send(new Controllers.GetTransactionListForCustomerController(list.getJSON()) as SdkController),
    );
    const lost = listed
      .getTransactions()
      .getTransaction()
      .find((tx: InstanceType<typeof Contracts.TransactionSummaryType>) => tx.getInvoiceNumber() === 'LOST1');
    expect(lost?.getTransactionStatus()).toBe('refundPendingSettlement');
    const lostId = String(lost?.getTransId());
    expect(await statusOf(lostId)).toBe('refundPendingSettlement');

    // Until its batch, a refund can be voided: the charge is whole again.
    const undone = (await followUp(Type.VOIDTRANSACTION, lostId)).getTransactionResponse();
    expect([undone.getResponseCode(), undone.getTransId()]).toEqual(['1', lostId]);
    expect(await statusOf(lostId)).toBe('voided');
    const whole = await refund({ refTransId: sale.transId, amount: 90, card: 'XXXX1111', invoice: 'LOST3' });
    expect(whole.getTransactionResponse().getResponseCode()).toBe('1');
  });
});
