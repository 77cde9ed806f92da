import { backends } from '@vault/testing';
import { APIContracts as Contracts, APIControllers as Controllers } from 'authorizenet';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkController, sdkClient } from './support/authnet-sdk';
import { postGateway } from './support/gateway';
import { type SimulatorHost, startSimulatorHost } from './support/simulator-host';

// createTransactionRequest takes the card to charge in one of three forms: a saved profile, an
// Accept.js token (payment.opaqueData, the usual Accept flow: the browser tokenises, the server
// charges the token) or the card itself (payment.creditCard). The official SDK sends each; the
// simulator must answer each as the gateway does, and never keep more of a card than its last
// four digits, brand and expiry.

type AcceptResponse = {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: string; message: Array<{ code: string; text: string }> };
};
type AcceptWindow = { Accept?: { dispatchData(data: unknown, callback: (r: AcceptResponse) => void): void } };

describe.each(backends)('payment forms of createTransactionRequest, through the official SDK, on %s', (backend) => {
  let t: SimulatorHost;
  let sdk: ReturnType<typeof sdkClient>;
  let accept: NonNullable<AcceptWindow['Accept']>;

  beforeAll(async () => {
    t = await startSimulatorHost(backend);
    sdk = sdkClient(t.endpoint, t.credentials);
    // The simulator's own Accept.js script, run as a browser runs it: its relative endpoint is
    // resolved against the host's origin, as a page served from it would.
    const base = t.baseUrl;
    const source = await (await fetch(new URL(t.acceptJsPath, base))).text();
    const window: AcceptWindow = {};
    const pageFetch = (url: string, init: RequestInit) => fetch(new URL(url, base), init);
    new Function('window', 'fetch', 'setTimeout', source)(window, pageFetch, setTimeout);
    if (!window.Accept) throw new Error('Accept.js did not define window.Accept');
    accept = window.Accept;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Accept.dispatchData with the public client key: the one-time token for a card. */
  async function acceptToken(cardNumber: string) {
    const { apiLoginId, clientKey } = t.credentials;
    const response = await new Promise<AcceptResponse>((resolve) =>
      accept.dispatchData(
        { authData: { clientKey, apiLoginID: apiLoginId }, cardData: { cardNumber, month: '12', year: '2030' } },
        resolve,
      ),
    );
    expect(response.messages.resultCode).toBe('Ok');
    if (!response.opaqueData) throw new Error('Accept.js gave no token');
    return response.opaqueData;
  }

  /** createTransactionRequest as the SDK builds it. */
  async function transact(build: (tr: InstanceType<typeof Contracts.TransactionRequestType>) => void) {
    const transactionRequest = new Contracts.TransactionRequestType();
    build(transactionRequest);
    const request = new Contracts.CreateTransactionRequest();
    request.setMerchantAuthentication(sdk.merchant());
    request.setRefId('forms');
    request.setTransactionRequest(transactionRequest);
    const controller = new Controllers.CreateTransactionController(request.getJSON()) as SdkController;
    const response = new Contracts.CreateTransactionResponse(await sdk.send(controller));
    sdk.expectSdkShape(controller);
    return response;
  }

  let invoices = 0;
  function authOnly(amount: number, payment: InstanceType<typeof Contracts.PaymentType>) {
    return transact((tr) => {
      tr.setTransactionType(Contracts.TransactionTypeEnum.AUTHONLYTRANSACTION);
      tr.setAmount(amount);
      tr.setPayment(payment);
      const order = new Contracts.OrderType();
      order.setInvoiceNumber(`FORMS-${backend}-${++invoices}`);
      tr.setOrder(order);
    });
  }
  function withToken(token: { dataDescriptor: string; dataValue: string }) {
    const opaqueData = new Contracts.OpaqueDataType();
    opaqueData.setDataDescriptor(token.dataDescriptor);
    opaqueData.setDataValue(token.dataValue);
    const payment = new Contracts.PaymentType();
    payment.setOpaqueData(opaqueData);
    return payment;
  }
  function withCard(cardNumber: string, expirationDate: string, cardCode?: string) {
    const card = new Contracts.CreditCardType();
    card.setCardNumber(cardNumber);
    card.setExpirationDate(expirationDate);
    if (cardCode) card.setCardCode(cardCode);
    const payment = new Contracts.PaymentType();
    payment.setCreditCard(card);
    return payment;
  }
  function follow(type: string, refTransId: string) {
    return transact((tr) => {
      tr.setTransactionType(type);
      tr.setRefTransId(refTransId);
    });
  }
  type Reply = InstanceType<typeof Contracts.CreateTransactionResponse>;
  const errorOf = (reply: Reply) => reply.getTransactionResponse().getErrors().getError()[0];

  it('authorises with an Accept.js token, burns it, captures and voids what it authorised', async () => {
    const token = await acceptToken('4111111111111111');
    const authorised = await authOnly(25, withToken(token));
    expect(authorised.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const auth = authorised.getTransactionResponse();
    expect(auth.getResponseCode()).toBe('1');
    expect(auth.getAccountNumber()).toBe('XXXX1111');
    expect(auth.getAccountType()).toBe('Visa');
    expect(auth.getTransId()).toMatch(/^\d{11}$/);

    // Single use: the same token again (another order, so not a duplicate) is an invalid token.
    const again = await authOnly(26, withToken(token));
    expect(again.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.ERROR);
    expect(again.getMessages().getMessage()[0].getCode()).toBe('E00114');

    const captured = await follow(Contracts.TransactionTypeEnum.PRIORAUTHCAPTURETRANSACTION, auth.getTransId());
    expect(captured.getTransactionResponse().getResponseCode()).toBe('1');
    expect(captured.getTransactionResponse().getAccountNumber()).toBe('XXXX1111');

    const second = (await authOnly(30, withToken(await acceptToken('5424000000000015')))).getTransactionResponse();
    expect(second.getResponseCode()).toBe('1');
    expect(second.getAccountType()).toBe('MasterCard');
    const voided = await follow(Contracts.TransactionTypeEnum.VOIDTRANSACTION, second.getTransId());
    expect(voided.getTransactionResponse().getResponseCode()).toBe('1');

    // A declining card's token declines; the token is burned all the same.
    const declinedToken = await acceptToken('4000000000000341');
    const declined = await authOnly(40, withToken(declinedToken));
    expect(declined.getTransactionResponse().getResponseCode()).toBe('2');
    expect(errorOf(declined).getErrorCode()).toBe('2');
    const reused = await authOnly(41, withToken(declinedToken));
    expect(reused.getMessages().getMessage()[0].getCode()).toBe('E00114');
  });

  it('authorises a card sent as creditCard and keeps only its last four digits, brand and expiry', async () => {
    const authorised = await authOnly(12.5, withCard('4111111111111111', '2030-12', '123'));
    expect(authorised.getMessages().getResultCode()).toBe(Contracts.MessageTypeEnum.OK);
    const auth = authorised.getTransactionResponse();
    expect(auth.getResponseCode()).toBe('1');
    expect(auth.getAccountNumber()).toBe('XXXX1111');
    const voided = await follow(Contracts.TransactionTypeEnum.VOIDTRANSACTION, auth.getTransId());
    expect(voided.getTransactionResponse().getResponseCode()).toBe('1');

    // MMYY, the other expiry form the gateway takes.
    const mmyy = (await authOnly(13, withCard('5424000000000015', '1230'))).getTransactionResponse();
    expect(mmyy.getResponseCode()).toBe('1');
    const captured = await follow(Contracts.TransactionTypeEnum.PRIORAUTHCAPTURETRANSACTION, mmyy.getTransId());
    expect(captured.getTransactionResponse().getResponseCode()).toBe('1');

    const { rows } = await sql<Record<string, unknown>>`select * from authnet_sim_transactions where id = ${Number(
      auth.getTransId(),
    )}`.execute(t.database.db);
    expect(rows[0]).toMatchObject({ cardType: 'Visa', last4: '1111', expiration: '2030-12' });
    const everything = await sql<{ dump: string }>`select coalesce(json_agg(x), '[]')::text as dump
      from authnet_sim_transactions x`.execute(t.database.db);
    expect(everything.rows[0]?.dump).not.toContain('4111111111111111');
  });

  it("declines the declining test card and refuses bad cards with the gateway's reason codes", async () => {
    const declined = await authOnly(14, withCard('4000000000000341', '2030-12'));
    expect(declined.getMessages().getMessage()[0].getCode()).toBe('E00027');
    expect(declined.getTransactionResponse().getResponseCode()).toBe('2');
    expect(errorOf(declined).getErrorText()).toBe('This transaction has been declined.');

    const cases: Array<[string, string, string | undefined, string, string]> = [
      ['4111111111111112', '2030-12', undefined, '6', 'The credit card number is invalid.'],
      ['XXXX1111', '2030-12', undefined, '6', 'The credit card number is invalid.'],
      ['4111111111111111', '2030-13', undefined, '7', 'Credit card expiration date is invalid.'],
      ['4111111111111111', '2020-01', undefined, '8', 'The credit card has expired.'],
      ['370000000000002', '2030-12', '123', '78', 'The card code is invalid.'],
    ];
    for (const [number, expiry, code, errorCode, errorText] of cases) {
      const refused = await authOnly(15, withCard(number, expiry, code));
      const label = `${number} ${expiry}`;
      expect(refused.getMessages().getResultCode(), label).toBe(Contracts.MessageTypeEnum.ERROR);
      expect(refused.getTransactionResponse().getResponseCode(), label).toBe('3');
      expect(errorOf(refused).getErrorCode(), label).toBe(errorCode);
      expect(errorOf(refused).getErrorText(), label).toBe(errorText);
    }
  });

  it('takes exactly one payment form, in the XSD order', async () => {
    const { apiLoginId, transactionKey } = t.credentials;
    const charge = (transactionRequest: Record<string, unknown>) =>
      postGateway(t.endpoint, {
        createTransactionRequest: { merchantAuthentication: { name: apiLoginId, transactionKey }, transactionRequest },
      });
    const card = { creditCard: { cardNumber: '4111111111111111', expirationDate: '2030-12' } };
    const profile = { customerProfileId: '123456789', paymentProfile: { paymentProfileId: '987654321' } };

    const neither = await charge({ transactionType: 'authOnlyTransaction', amount: '5.00' });
    expect(neither.json.messages.resultCode).toBe('Error');
    expect(neither.json.transactionResponse?.responseCode).toBe('3');

    const both = await charge({ transactionType: 'authOnlyTransaction', amount: '5.00', payment: card, profile });
    expect(both.json.messages.message[0].code).toBe('E00013');
    expect(both.json.transactionResponse).toBeUndefined();

    // Key order is the XSD's: payment before profile, cardNumber before expirationDate.
    const late = await charge({ transactionType: 'authOnlyTransaction', payment: card, amount: '5.00' });
    expect(late.json.messages.message[0].code).toBe('E00003');
    const swapped = await charge({
      transactionType: 'authOnlyTransaction',
      amount: '5.00',
      payment: { creditCard: { expirationDate: '2030-12', cardNumber: '4111111111111111' } },
    });
    expect(swapped.json.messages.message[0].code).toBe('E00003');
    // The refusal never echoes the card number.
    expect(swapped.text).not.toContain('4111111111111111');
  });
});
