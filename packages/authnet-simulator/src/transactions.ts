// createTransactionRequest: charges (authOnlyTransaction, authCaptureTransaction) on a saved
// profile, an Accept.js token or the card itself; the captures and voids that follow them; and
// refunds (refunds.ts); with the gateway's duplicate window and its reason codes.
import { sql } from 'kysely';
import { gatewayFailure as failure } from './gateway-body';
import { parseId, randomId, withFreshIds } from './ids';
import { resolvePayment } from './payment-forms';
import { refund } from './refunds';
import type { Handlers, SimulatorReply } from './replies';
import { type Json, obj, positiveAmount, text } from './request-values';
import { nextSettlement, type SimulatorClock, transactionStatus } from './settlement';
import type { SimulatorDb } from './tables';
import { consumeToken } from './tokens';
import {
  APPROVED,
  accountOf,
  type CHARGE_TYPES,
  DUPLICATE_WINDOW_MS,
  REPORTED_TYPES,
  refused,
  type TransactionOutcome,
  transactionReply,
} from './transaction-reply';

export function transactionHandlers(
  db: SimulatorDb,
  clock: SimulatorClock,
): Pick<Handlers, 'createTransactionRequest'> {
  return {
    async createTransactionRequest(req) {
      const tr = obj(req.transactionRequest);
      const type = text(tr.transactionType) ?? '';
      if (type === 'authOnlyTransaction' || type === 'authCaptureTransaction') return charge(db, clock, req, tr, type);
      if (type === 'priorAuthCaptureTransaction' || type === 'voidTransaction')
        return captureOrVoid(db, clock, req, tr, type);
      if (type === 'refundTransaction') return refund(db, clock, req, tr);
      return { body: failure('E00003', `The transaction type '${type}' is not supported by the simulator.`) };
    },
  };
}

async function charge(
  db: SimulatorDb,
  clock: SimulatorClock,
  req: Json,
  tr: Json,
  type: (typeof CHARGE_TYPES)[number],
): Promise<SimulatorReply> {
  const now = clock.now();
  // A saved profile, an Accept.js token or the card itself (payment-forms.ts).
  const resolved = await resolvePayment(db, tr, (opaque) => consumeToken(db, opaque), now);
  if ('refused' in resolved) {
    const { refused: refusal } = resolved;
    if ('request' in refusal) return { body: failure(refusal.request.code, refusal.request.text) };
    const { card: seen, errorCode, text } = refusal.transaction;
    const account = seen ? { accountNumber: `XXXX${seen.last4}`, accountType: seen.cardType } : {};
    return transactionReply(req, { ...tr, ...account }, refused(errorCode, text));
  }
  const { card } = resolved;
  const amount = positiveAmount(tr.amount);
  if (amount === null) return transactionReply(req, tr, refused('5', 'A valid amount is required.'));
  const behavior = card.behavior;
  const account = accountOf(card);

  // Authorize.Net refuses the same amount on the same card within its duplicate window, unless
  // the order differs (another invoice number is another order). A card charged without a
  // profile is known by what the simulator keeps of it: brand, last four digits and expiry.
  const invoiceNumber = text(obj(tr.order).invoiceNumber);
  const sameCard = db.selectFrom('authnetSimTransactions').select('id');
  const duplicate = await (card.paymentProfileId === null
    ? sameCard
        .where('paymentProfileId', 'is', null)
        .where('cardType', '=', card.cardType)
        .where('last4', '=', card.last4)
        .where('expiration', '=', card.expiration)
    : sameCard.where('paymentProfileId', '=', card.paymentProfileId)
  )
    .where('type', '=', type)
    .where('amount', '=', amount.toFixed(2))
    .where('responseCode', '=', '1')
    .where('invoiceNumber', invoiceNumber === null ? 'is' : '=', invoiceNumber)
    .where(sql<Date>`created_at`, '>', new Date(now.getTime() - DUPLICATE_WINDOW_MS))
    .executeTakeFirst();
  if (duplicate)
    return transactionReply(req, { ...tr, ...account }, refused('11', 'A duplicate transaction has been submitted.'));

  const declined = behavior === 'decline-charge';
  const errored = behavior === 'error-charge';
  const responseCode = declined ? '2' : errored ? '3' : '1';
  const status = declined ? 'declined' : errored ? 'error' : type === 'authOnlyTransaction' ? 'authorized' : 'captured';
  // An approved authCaptureTransaction is captured at once: it settles in the next daily batch.
  const settles = status === 'captured';
  const row = await withFreshIds(() =>
    db
      .insertInto('authnetSimTransactions')
      .values({
        id: randomId('transaction'),
        type,
        amount: amount.toFixed(2),
        status,
        responseCode,
        customerId: card.customerId,
        paymentProfileId: card.paymentProfileId,
        invoiceNumber,
        cardType: card.cardType,
        last4: card.last4,
        expiration: card.expiration,
        settleAt: settles ? nextSettlement(now, clock.cutoffMinutes) : null,
        settleAmount: settles ? amount.toFixed(2) : null,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // The authorisation happened, but the answer never arrives: what a real timeout can look like.
  if (behavior === 'timeout-charge') return { hang: true };
  const reply = { ...tr, ...account, transId: row.id };
  if (declined)
    return transactionReply(req, reply, { code: '2', errorCode: '2', text: 'This transaction has been declined.' });
  if (errored)
    return transactionReply(
      req,
      reply,
      refused('19', 'An error occurred during processing. Please try again in 5 minutes.'),
    );
  return transactionReply(req, reply, APPROVED);
}

const notFound = refused('16', 'The transaction cannot be found.');

/**
 * Why a capture or void of this transaction (as it reads at `now`) is refused, or null. The
 * gateway finds captures and voids among unsettled transactions only: a settled charge or refund,
 * and an authorisation that lapsed (30 days), are no longer there to capture or void.
 */
function followUpRefusal(
  type: 'priorAuthCaptureTransaction' | 'voidTransaction',
  original: { type: string; status: string; createdAt: Date; settleAt: Date | null },
  now: Date,
): TransactionOutcome | null {
  const status = transactionStatus(original, now);
  if (status === 'voided') return refused('310', 'This transaction has already been voided.');
  if (status === 'expired' || status === 'settledSuccessfully' || status === 'refundSettledSuccessfully')
    return notFound;
  if (type === 'voidTransaction') return null;
  if (status === 'capturedPendingSettlement') return refused('311', 'This transaction has already been captured.');
  return original.type === 'authOnlyTransaction' ? null : notFound;
}

/**
 * priorAuthCaptureTransaction and voidTransaction act on the transaction they name: its status
 * moves (a capture settles in the next batch), and the answer carries its own transId, as the
 * gateway's does (an authorisation and its capture are one transaction). The capture or void is
 * also kept as a row of its own, the simulator's record of what happened when.
 */
async function captureOrVoid(
  db: SimulatorDb,
  clock: SimulatorClock,
  req: Json,
  tr: Json,
  type: 'priorAuthCaptureTransaction' | 'voidTransaction',
): Promise<SimulatorReply> {
  const refTransId = parseId(tr.refTransId);
  const capture = type === 'priorAuthCaptureTransaction';
  // A capture may name a smaller amount than was authorised; it must be a valid one.
  const captureAmount = capture && tr.amount !== undefined ? positiveAmount(tr.amount) : null;
  const outcome = await withFreshIds(() =>
    db.transaction().execute(async (trx) => {
      // Locked: of two captures (or a capture and a void) racing in, the second sees the first's result.
      const original =
        refTransId === null
          ? undefined
          : await trx
              .selectFrom('authnetSimTransactions')
              .selectAll()
              .where('id', '=', refTransId)
              .where('type', 'in', REPORTED_TYPES)
              .forUpdate()
              .executeTakeFirst();
      if (original?.responseCode !== '1') return { original: undefined, outcome: notFound };
      const now = clock.now();
      const refusal = followUpRefusal(type, original, now);
      if (refusal) return { original, outcome: refusal };
      if (capture && tr.amount !== undefined && captureAmount === null)
        return { original, outcome: refused('5', 'A valid amount is required.') };
      if (captureAmount !== null && captureAmount > Number(original.amount))
        return {
          original,
          outcome: refused(
            '47',
            'The amount requested for settlement cannot be greater than the original amount authorized.',
          ),
        };
      const amount = capture ? (captureAmount?.toFixed(2) ?? original.amount) : null;
      await trx
        .updateTable('authnetSimTransactions')
        .set(
          capture
            ? { status: 'captured', settleAmount: amount, settleAt: nextSettlement(now, clock.cutoffMinutes) }
            : { status: 'voided' },
        )
        .where('id', '=', original.id)
        .execute();
      await trx
        .insertInto('authnetSimTransactions')
        .values({
          id: randomId('transaction'),
          type,
          amount,
          status: capture ? 'captured' : 'voided',
          responseCode: '1',
          customerId: original.customerId,
          paymentProfileId: original.paymentProfileId,
          refTransId: original.id,
          cardType: original.cardType,
          last4: original.last4,
          expiration: original.expiration,
          createdAt: now,
        })
        .execute();
      return { original, outcome: APPROVED };
    }),
  );
  // Like the gateway's, the answer names the card of the original charge (masked).
  const { original } = outcome;
  const echo = original
    ? { ...tr, ...accountOf(original), transId: outcome.outcome.code === '1' ? original.id : 0 }
    : tr;
  return transactionReply(req, echo, outcome.outcome);
}
