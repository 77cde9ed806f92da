// createTransactionRequest: charges (authOnlyTransaction, authCaptureTransaction) on a saved
// profile, an Accept.js token or the card itself, and the captures and voids that follow them,
// with the gateway's duplicate window and its reason codes.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { gatewayFailure as failure } from './gateway-body';
import { parseId, randomId, withFreshIds } from './ids';
import { resolvePayment } from './payment-forms';
import { type Handlers, OK, type SimulatorReply } from './replies';
import { type Json, obj, positiveAmount, text } from './request-values';
import type { SimulatorDb } from './tables';
import { consumeToken } from './tokens';

const DUPLICATE_WINDOW_MS = 120_000;

export function transactionHandlers(db: SimulatorDb): Pick<Handlers, 'createTransactionRequest'> {
  return {
    async createTransactionRequest(req) {
      const tr = obj(req.transactionRequest);
      const type = text(tr.transactionType) ?? '';
      if (type === 'authOnlyTransaction' || type === 'authCaptureTransaction') return charge(db, req, tr, type);
      if (type === 'priorAuthCaptureTransaction' || type === 'voidTransaction') return settle(db, req, tr, type);
      return { body: failure('E00003', `The transaction type '${type}' is not supported by the simulator.`) };
    },
  };
}

function transactionReply(req: Json, tr: Json, outcome: { code: '1' | '2' | '3'; errorCode?: string; text: string }) {
  const approved = outcome.code === '1';
  return {
    body: {
      transactionResponse: {
        responseCode: outcome.code,
        authCode: approved ? randomBytes(3).toString('hex').toUpperCase() : '',
        avsResultCode: 'Y',
        cvvResultCode: approved ? 'P' : '',
        transId: String(tr.transId ?? '0'),
        refTransID: String(tr.refTransId ?? ''),
        transHash: '',
        accountNumber: tr.accountNumber,
        accountType: tr.accountType,
        ...(approved
          ? { messages: [{ code: '1', description: outcome.text }] }
          : { errors: [{ errorCode: outcome.errorCode ?? outcome.code, errorText: outcome.text }] }),
      },
      refId: req.refId,
      messages: approved ? OK : failure('E00027', 'The transaction was unsuccessful.').messages,
    },
  };
}

async function charge(db: SimulatorDb, req: Json, tr: Json, type: string): Promise<SimulatorReply> {
  // A saved profile, an Accept.js token or the card itself (payment-forms.ts).
  const resolved = await resolvePayment(db, tr, (opaque) => consumeToken(db, opaque));
  if ('refused' in resolved) {
    const { refused } = resolved;
    if ('request' in refused) return { body: failure(refused.request.code, refused.request.text) };
    const { card: seen, errorCode, text } = refused.transaction;
    const account = seen ? { accountNumber: `XXXX${seen.last4}`, accountType: seen.cardType } : {};
    return transactionReply(req, { ...tr, ...account }, { code: '3', errorCode, text });
  }
  const { card } = resolved;
  const amount = positiveAmount(tr.amount);
  if (amount === null)
    return transactionReply(req, tr, { code: '3', errorCode: '5', text: 'A valid amount is required.' });
  const behavior = card.behavior;
  const account = { accountNumber: `XXXX${card.last4}`, accountType: card.cardType };

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
    .where(sql<Date>`created_at`, '>', new Date(Date.now() - DUPLICATE_WINDOW_MS))
    .executeTakeFirst();
  if (duplicate)
    return transactionReply(
      req,
      { ...tr, ...account },
      { code: '3', errorCode: '11', text: 'A duplicate transaction has been submitted.' },
    );

  const declined = behavior === 'decline-charge';
  const errored = behavior === 'error-charge';
  const responseCode = declined ? '2' : errored ? '3' : '1';
  const status = declined ? 'declined' : errored ? 'error' : type === 'authOnlyTransaction' ? 'authorized' : 'captured';
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
    return transactionReply(req, reply, {
      code: '3',
      errorCode: '19',
      text: 'An error occurred during processing. Please try again in 5 minutes.',
    });
  return transactionReply(req, reply, { code: '1', text: 'This transaction has been approved.' });
}

async function settle(
  db: SimulatorDb,
  req: Json,
  tr: Json,
  type: 'priorAuthCaptureTransaction' | 'voidTransaction',
): Promise<SimulatorReply> {
  const refTransId = parseId(tr.refTransId);
  const original =
    refTransId === null
      ? undefined
      : await db.selectFrom('authnetSimTransactions').selectAll().where('id', '=', refTransId).executeTakeFirst();
  if (original?.responseCode !== '1') {
    return transactionReply(req, tr, { code: '3', errorCode: '16', text: 'The transaction cannot be found.' });
  }
  if (original.status === 'voided')
    return transactionReply(req, tr, {
      code: '3',
      errorCode: '310',
      text: 'This transaction has already been voided.',
    });
  if (type === 'priorAuthCaptureTransaction' && original.status === 'captured') {
    return transactionReply(req, tr, {
      code: '3',
      errorCode: '311',
      text: 'This transaction has already been captured.',
    });
  }
  // A capture may name a smaller amount than was authorised; it must be a valid one.
  const captureAmount = tr.amount === undefined ? null : positiveAmount(tr.amount);
  if (type === 'priorAuthCaptureTransaction' && tr.amount !== undefined && captureAmount === null)
    return transactionReply(req, tr, { code: '3', errorCode: '5', text: 'A valid amount is required.' });
  const nextStatus = type === 'voidTransaction' ? 'voided' : 'captured';
  const row = await withFreshIds(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('authnetSimTransactions')
        .set({ status: nextStatus })
        .where('id', '=', original.id)
        .execute();
      return trx
        .insertInto('authnetSimTransactions')
        .values({
          id: randomId('transaction'),
          type,
          amount: type === 'voidTransaction' ? null : (captureAmount?.toFixed(2) ?? original.amount),
          status: nextStatus,
          responseCode: '1',
          customerId: original.customerId,
          paymentProfileId: original.paymentProfileId,
          refTransId: original.id,
          cardType: original.cardType,
          last4: original.last4,
          expiration: original.expiration,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    }),
  );
  // Like the gateway's, the answer names the card of the original charge (masked).
  const account = original.last4 ? { accountNumber: `XXXX${original.last4}`, accountType: original.cardType } : {};
  return transactionReply(
    req,
    { ...tr, ...account, transId: row.id },
    { code: '1', text: 'This transaction has been approved.' },
  );
}
