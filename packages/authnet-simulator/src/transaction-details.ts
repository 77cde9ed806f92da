// getTransactionDetailsRequest: one transaction as the gateway reports it, in its XSD's order
// (transactionDetailsType): its status read against the clock (a capture settles at the daily
// cut-off), the amounts, the batch once settled, the order, the masked card and the profile.
import type { Selectable } from 'kysely';
import { gatewayFailure as failure } from './gateway-body';
import { parseId } from './ids';
import { type Handlers, OK } from './replies';
import type { Json } from './request-values';
import { batchId, type SimulatorClock, type TransactionStatus, transactionStatus } from './settlement';
import type { AuthnetSimTransactionsTable, SimulatorDb } from './tables';
import { REPORTED_TYPES } from './transaction-reply';

type TransactionRow = Selectable<AuthnetSimTransactionsTable>;

/** The gateway's responseReasonCode and description of a transaction's first answer. */
const REASONS: Record<string, [number, string]> = {
  '1': [1, 'Approval'],
  '2': [2, 'This transaction has been declined.'],
  '3': [19, 'An error occurred during processing. Please try again in 5 minutes.'],
};

/** The merchant's local time; the simulated merchant keeps its books in UTC (no zone designator). */
const local = (at: Date) => at.toISOString().replace(/Z$/, '');

/** What the batch settles (or would): a capture's amount, a refund's, an authorisation's if captured in full. */
function settleAmount(row: TransactionRow, status: TransactionStatus): number {
  if (status === 'authorizedPendingCapture') return Number(row.amount ?? 0);
  if (row.settleAmount === null || ['voided', 'declined', 'generalError', 'expired'].includes(status)) return 0;
  return Number(row.settleAmount);
}

/** Drops undefined values but keeps the order of the keys that remain: the XSD's sequence. */
const compact = (value: Json): Json => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

export function transactionDetails(row: TransactionRow, now: Date): Json {
  const status = transactionStatus(row, now);
  const settled = (status === 'settledSuccessfully' || status === 'refundSettledSuccessfully') && row.settleAt;
  const [reasonCode, reasonText] = REASONS[row.responseCode] ?? REASONS['3'] ?? [19, ''];
  return compact({
    transId: String(row.id),
    refTransId: row.refTransId === null ? undefined : String(row.refTransId),
    submitTimeUTC: row.createdAt.toISOString(),
    submitTimeLocal: local(row.createdAt),
    transactionType: row.type,
    transactionStatus: status,
    responseCode: Number(row.responseCode),
    responseReasonCode: reasonCode,
    responseReasonDescription: reasonText,
    batch: settled
      ? {
          batchId: batchId(settled),
          settlementTimeUTC: settled.toISOString(),
          settlementTimeLocal: local(settled),
          settlementState: 'settledSuccessfully',
          marketType: 'eCommerce',
          product: 'Card Not Present',
        }
      : undefined,
    order: row.invoiceNumber === null ? undefined : { invoiceNumber: row.invoiceNumber },
    authAmount: Number(row.amount ?? 0),
    settleAmount: settleAmount(row, status),
    // Never the number: the last four digits, and the expiry masked, as the gateway shows them.
    payment: {
      creditCard: {
        cardNumber: `XXXX${row.last4 ?? 'XXXX'}`,
        expirationDate: 'XXXX',
        cardType: row.cardType ?? undefined,
      },
    },
    recurringBilling: false,
    product: 'Card Not Present',
    marketType: 'eCommerce',
    profile:
      row.customerId === null
        ? undefined
        : compact({
            customerProfileId: String(row.customerId),
            customerPaymentProfileId: row.paymentProfileId === null ? undefined : String(row.paymentProfileId),
          }),
  });
}

export function transactionDetailsHandlers(
  db: SimulatorDb,
  clock: SimulatorClock,
): Pick<Handlers, 'getTransactionDetailsRequest'> {
  return {
    async getTransactionDetailsRequest(req) {
      const id = parseId(req.transId);
      // Charges and refunds: the ids the gateway gave out (a capture or void answers with its charge's).
      const row =
        id === null
          ? undefined
          : await db
              .selectFrom('authnetSimTransactions')
              .selectAll()
              .where('id', '=', id)
              .where('type', 'in', REPORTED_TYPES)
              .executeTakeFirst();
      if (!row) return { body: failure('E00040', 'The record cannot be found.') };
      // The envelope in the XSD's order (ANetApiResponse, then the transaction).
      return { body: compact({ refId: req.refId, messages: OK, transaction: transactionDetails(row, clock.now()) }) };
    },
  };
}
