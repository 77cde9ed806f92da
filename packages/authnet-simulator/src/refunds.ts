// refundTransaction: a credit against a settled charge (refTransId), to the card it was made on,
// named by its last four digits (expiry "XXXX") or by the customer payment profile it was charged
// to. Refused as the gateway refuses: a charge that has not settled, was voided, is unknown or
// settled more than 180 days ago (reason 54); more than it settled less earlier refunds (55);
// another card (6) or another profile (E00051). A refund settles in the next daily batch
// (refundPendingSettlement, then refundSettledSuccessfully) and can be voided until then.
import type { Selectable } from 'kysely';
import { gatewayFailure as failure } from './gateway-body';
import { parseId, randomId, withFreshIds } from './ids';
import { cardRefusals } from './payment-forms';
import type { SimulatorReply } from './replies';
import { expiration, type Json, obj, positiveAmount, text } from './request-values';
import { nextSettlement, refundWindowClosed, type SimulatorClock, transactionStatus } from './settlement';
import type { AuthnetSimTransactionsTable, SimulatorDb } from './tables';
import {
  APPROVED,
  accountOf,
  CHARGE_TYPES,
  DUPLICATE_WINDOW_MS,
  REFUND_TYPE,
  refused,
  type TransactionOutcome,
  transactionReply,
} from './transaction-reply';

const notCreditable = refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
const overCredited = refused(
  '55',
  'The sum of credits against the referenced transaction would exceed original debit amount.',
);
const cardRefusal = (reason: keyof typeof cardRefusals) =>
  refused(cardRefusals[reason].errorCode, cardRefusals[reason].text);

type Charge = Selectable<AuthnetSimTransactionsTable>;

/** What a refund request came to: refused as a whole (no transaction), or a transaction's outcome. */
type Decision = { original?: Charge } & (
  | { request: [code: string, text: string] }
  | { outcome: TransactionOutcome; transId?: number }
);

/** A refusal of the whole request (no transaction), or of the transaction, or null: the card is the charge's. */
function paymentRefusal(tr: Json, original: Charge): { request: [string, string] } | TransactionOutcome | null {
  const payment = tr.payment === undefined ? null : obj(tr.payment);
  const profile = obj(tr.profile);
  if (profile.customerProfileId !== undefined || profile.paymentProfile !== undefined) {
    const customerId = parseId(profile.customerProfileId);
    const paymentProfile = profile.paymentProfile === undefined ? null : obj(profile.paymentProfile);
    const paymentProfileId =
      paymentProfile === null ? original.paymentProfileId : parseId(paymentProfile.paymentProfileId);
    const same =
      original.customerId !== null &&
      customerId === original.customerId &&
      paymentProfileId === original.paymentProfileId;
    return same ? null : { request: ['E00051', 'The original transaction was not issued for this payment profile.'] };
  }
  if (payment?.creditCard === undefined) {
    if (payment)
      return {
        request: [
          'E00003',
          `The payment form '${Object.keys(payment)[0] ?? 'payment'}' is not supported by the simulator.`,
        ],
      };
    return cardRefusal('missing');
  }
  // The last four digits, masked (XXXX1111) or not (1111), or the whole number.
  const creditCard = obj(payment.creditCard);
  const digits = /^X*(\d{4,16})$/i.exec(text(creditCard.cardNumber)?.trim() ?? '')?.[1];
  if (!digits || digits.slice(-4) !== original.last4) return cardRefusal('number');
  const expiry = text(creditCard.expirationDate)?.trim() ?? '';
  if (expiry.toUpperCase() !== 'XXXX' && expiration(expiry) === null) return cardRefusal('expiryFormat');
  return null;
}

const cents = (amount: string | number | null) => Math.round(Number(amount ?? 0) * 100);

export async function refund(db: SimulatorDb, clock: SimulatorClock, req: Json, tr: Json): Promise<SimulatorReply> {
  const payment = tr.payment === undefined ? null : obj(tr.payment);
  const profile = obj(tr.profile);
  if (payment && (profile.customerProfileId !== undefined || profile.paymentProfile !== undefined))
    return { body: failure('E00013', 'A refund takes either a saved payment profile or payment data, not both.') };
  const refTransId = parseId(tr.refTransId);
  const amount = positiveAmount(tr.amount);
  const invoiceNumber = text(obj(tr.order).invoiceNumber);

  const result = await withFreshIds(() =>
    db.transaction().execute(async (trx): Promise<Decision> => {
      // Locked: two refunds racing in are summed one after the other, never both against the same balance.
      const original =
        refTransId === null
          ? undefined
          : await trx
              .selectFrom('authnetSimTransactions')
              .selectAll()
              .where('id', '=', refTransId)
              .where('type', 'in', CHARGE_TYPES)
              .where('responseCode', '=', '1')
              .forUpdate()
              .executeTakeFirst();
      if (!original) return { outcome: notCreditable };
      const card = paymentRefusal(tr, original);
      if (card && 'request' in card) return { original, request: card.request };
      if (card) return { original, outcome: card };
      if (original.paymentProfileId !== null && obj(tr.profile).customerProfileId !== undefined) {
        const saved = await trx
          .selectFrom('authnetSimPaymentProfiles')
          .select('id')
          .where('id', '=', original.paymentProfileId)
          .executeTakeFirst();
        if (!saved) return { original, request: ['E00040', 'The record cannot be found.'] };
      }
      if (amount === null) return { original, outcome: refused('5', 'A valid amount is required.') };
      const now = clock.now();
      if (
        transactionStatus(original, now) !== 'settledSuccessfully' ||
        original.settleAt === null ||
        refundWindowClosed(original.settleAt, now)
      )
        return { original, outcome: notCreditable };
      const earlier = await trx
        .selectFrom('authnetSimTransactions')
        .select(['amount', 'invoiceNumber', 'createdAt'])
        .where('refTransId', '=', original.id)
        .where('type', '=', REFUND_TYPE)
        .where('status', '=', 'refunded')
        .execute();
      const refunded = earlier.reduce((sum, row) => sum + cents(row.amount), 0);
      if (refunded + cents(amount) > cents(original.settleAmount)) return { original, outcome: overCredited };
      const duplicate = earlier.some(
        (row) =>
          cents(row.amount) === cents(amount) &&
          row.invoiceNumber === invoiceNumber &&
          row.createdAt.getTime() > now.getTime() - DUPLICATE_WINDOW_MS,
      );
      if (duplicate) return { original, outcome: refused('11', 'A duplicate transaction has been submitted.') };
      const row = await trx
        .insertInto('authnetSimTransactions')
        .values({
          id: randomId('transaction'),
          type: REFUND_TYPE,
          amount: amount.toFixed(2),
          status: 'refunded',
          responseCode: '1',
          customerId: original.customerId,
          paymentProfileId: original.paymentProfileId,
          refTransId: original.id,
          invoiceNumber,
          cardType: original.cardType,
          last4: original.last4,
          expiration: original.expiration,
          settleAt: nextSettlement(now, clock.cutoffMinutes),
          settleAmount: amount.toFixed(2),
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { original, outcome: APPROVED, transId: row.id };
    }),
  );
  if ('request' in result) return { body: failure(...result.request) };
  const account = result.original ? accountOf(result.original) : {};
  return transactionReply(req, { ...tr, ...account, transId: result.transId ?? 0 }, result.outcome);
}
