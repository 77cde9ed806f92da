import { parseId } from './ids';
import { type Handlers, OK } from './replies';
import { bool, obj, text } from './request-values';
import type { SimulatorDb } from './tables';

/** Our simulator's transaction states as the gateway's transactionStatus values. */
const TRANSACTION_STATUS: Record<string, string> = {
  authorized: 'authorizedPendingCapture',
  captured: 'capturedPendingSettlement',
  voided: 'voided',
  declined: 'declined',
  error: 'generalError',
};

/** A customer's charges, newest first unless asked otherwise, paged as the gateway pages them. */
export function transactionListHandlers(db: SimulatorDb): Pick<Handlers, 'getTransactionListForCustomerRequest'> {
  return {
    async getTransactionListForCustomerRequest(req) {
      const customerId = parseId(req.customerProfileId) ?? -1;
      // Paging as the gateway's: offset is a page number from 1. The XSD check (schema-order.ts)
      // has already held both to their ranges (limit 1–1000, offset 1–100000).
      const paging = obj(req.paging);
      const limit = Number(text(paging.limit) ?? 1000);
      const page = Number(text(paging.offset) ?? 1);
      const sorting = obj(req.sorting);
      const direction = sorting.orderDescending === undefined || bool(sorting.orderDescending) ? 'desc' : 'asc';
      const orderBy = text(sorting.orderBy) === 'id' ? 'id' : 'createdAt';
      let query = db
        .selectFrom('authnetSimTransactions')
        .selectAll()
        .where('customerId', '=', customerId)
        .where('type', 'in', ['authOnlyTransaction', 'authCaptureTransaction']);
      if (req.customerPaymentProfileId !== undefined)
        query = query.where('paymentProfileId', '=', parseId(req.customerPaymentProfileId) ?? -1);
      const rows = await query
        .orderBy(orderBy, direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        body: {
          transactions: rows.map((row) => ({
            transId: String(row.id),
            submitTimeUTC: row.createdAt.toISOString(),
            transactionStatus: TRANSACTION_STATUS[row.status] ?? 'generalError',
            invoiceNumber: row.invoiceNumber ?? undefined,
            settleAmount: Number(row.amount ?? 0),
            profile: {
              customerProfileId: String(row.customerId),
              customerPaymentProfileId: String(row.paymentProfileId),
            },
          })),
          totalNumInResultSet: rows.length,
          messages: OK,
        },
      };
    },
  };
}
