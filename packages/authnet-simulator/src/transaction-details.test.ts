import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { OK } from './replies';
import { checkResponse } from './schema-order';
import type { AuthnetSimTransactionsTable } from './tables';
import { transactionDetails } from './transaction-details';

// Every kind of row getTransactionDetailsRequest can report, checked against the XSD's
// getTransactionDetailsResponse: the element order and the types an SDK reads it by.

type Row = Selectable<AuthnetSimTransactionsTable>;

const row: Row = {
  id: 60123456789,
  type: 'authOnlyTransaction',
  amount: '120.00',
  status: 'authorized',
  responseCode: '1',
  customerId: 512345678,
  paymentProfileId: 523456789,
  refTransId: null,
  invoiceNumber: 'INV-1',
  cardType: 'Visa',
  last4: '1111',
  expiration: '2030-12',
  settleAt: null,
  settleAmount: null,
  createdAt: new Date('2026-03-10T08:00:00.000Z'),
};
const settleAt = new Date('2026-03-10T23:00:00.000Z');
const later = new Date('2026-03-11T00:00:00.000Z');

const rows: Array<[string, Row, Date]> = [
  ['an authorisation', row, later],
  ['an expired authorisation', row, new Date('2026-05-01T00:00:00.000Z')],
  ['a capture pending settlement', { ...row, status: 'captured', settleAt, settleAmount: '100.00' }, settleAt],
  ['a settled capture', { ...row, status: 'captured', settleAt, settleAmount: '100.00' }, later],
  ['a voided charge', { ...row, status: 'voided' }, later],
  ['a declined charge', { ...row, status: 'declined', responseCode: '2' }, later],
  [
    'a refund, settled',
    { ...row, type: 'refundTransaction', status: 'refunded', refTransId: 60123456000, settleAt, settleAmount: '12.50' },
    later,
  ],
  [
    'a card charge without a profile or invoice',
    { ...row, customerId: null, paymentProfileId: null, invoiceNumber: null },
    later,
  ],
  ['a row kept before cards were recorded', { ...row, last4: null, cardType: null }, later],
];

describe('getTransactionDetailsResponse as the simulator writes it', () => {
  it.each(rows)('conforms to the XSD for %s', (_name, transaction, now) => {
    const body = { refId: 'r1', messages: OK, transaction: transactionDetails(transaction, now) };
    expect(checkResponse('getTransactionDetailsResponse', body)).toBeNull();
  });

  it('reports a settled capture with its batch and settled amount, and never the card number', () => {
    const settled = transactionDetails({ ...row, status: 'captured', settleAt, settleAmount: '100.00' }, later);
    expect(settled).toMatchObject({
      transactionStatus: 'settledSuccessfully',
      authAmount: 120,
      settleAmount: 100,
      batch: { settlementTimeUTC: '2026-03-10T23:00:00.000Z', settlementState: 'settledSuccessfully' },
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX', cardType: 'Visa' } },
      profile: { customerProfileId: '512345678', customerPaymentProfileId: '523456789' },
    });
    expect(JSON.stringify(settled)).not.toContain('2030');
  });

  it('names the elements out of order as the validator would', () => {
    const { transId, ...rest } = transactionDetails(row, later);
    const body = { messages: OK, transaction: { ...rest, transId } };
    const refusal = checkResponse('getTransactionDetailsResponse', body);
    expect(refusal).toContain("has invalid child element 'submitTimeUTC'");
    expect(refusal).toContain("List of possible elements expected: 'transId'");
  });
});
