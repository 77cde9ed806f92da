// What every createTransactionRequest answers with (its transactionResponse and envelope), and the
// kinds of transaction row the other requests may name by id.
import { randomBytes } from 'node:crypto';
import { gatewayFailure as failure } from './gateway-body';
import { OK, type SimulatorReply } from './replies';
import type { Json } from './request-values';

/** The rows a transId the gateway gave out names: charges and refunds. Captures and voids change a charge. */
export const CHARGE_TYPES = ['authOnlyTransaction', 'authCaptureTransaction'] as const;
export const REFUND_TYPE = 'refundTransaction';
export const REPORTED_TYPES = [...CHARGE_TYPES, REFUND_TYPE];

/** The gateway's default duplicate window: the same charge or refund again within it is refused (reason 11). */
export const DUPLICATE_WINDOW_MS = 120_000;

/** How a transaction came out: approved (1), declined (2) or refused (3) with the gateway's reason code. */
export interface TransactionOutcome {
  code: '1' | '2' | '3';
  errorCode?: string;
  text: string;
}

export const APPROVED: TransactionOutcome = { code: '1', text: 'This transaction has been approved.' };

/** A refusal with responseCode 3 and the gateway's reason code and text. */
export const refused = (errorCode: string, text: string): TransactionOutcome => ({ code: '3', errorCode, text });

/** The masked card a transaction answer names (XXXX1111 and its brand), when the card is known. */
export const accountOf = (row: { last4: string | null; cardType: string | null }) =>
  row.last4 ? { accountNumber: `XXXX${row.last4}`, accountType: row.cardType } : {};

/**
 * The answer to a createTransactionRequest: `tr` carries what it echoes (refTransId) and what the
 * simulator adds (transId, accountNumber, accountType); transId is 0 when nothing was recorded.
 */
export function transactionReply(req: Json, tr: Json, outcome: TransactionOutcome): SimulatorReply {
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
