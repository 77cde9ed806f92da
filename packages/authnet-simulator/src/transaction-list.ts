import { parseId } from './ids';
import { type Handlers, OK } from './replies';
import { bool, obj, text } from './request-values';
import { type SimulatorClock, transactionStatus } from './settlement';
import type { SimulatorDb } from './tables';
import { REPORTED_TYPES } from './transaction-reply';

/**
 * A customer's charges and refunds, newest first unless asked otherwise, paged as the gateway
 * pages them; each with its status at the moment asked (a refund has its own: how a refund whose
 * answer was lost is found again by its invoice number).
 */
export function transactionListHandlers(
  db: SimulatorDb,
  clock: SimulatorClock,
): Pick<Handlers, 'getTransactionListForCustomerRequest'> {
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
        .where('type', 'in', REPORTED_TYPES);
      if (req.customerPaymentProfileId !== undefined)
        query = query.where('paymentProfileId', '=', parseId(req.customerPaymentProfileId) ?? -1);
      const rows = await query
        .orderBy(orderBy, direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const now = clock.now();
      return {
        body: {
          transactions: rows.map((row) => ({
            transId: String(row.id),
            submitTimeUTC: row.createdAt.toISOString(),
            transactionStatus: transactionStatus(row, now),
            invoiceNumber: row.invoiceNumber ?? undefined,
            settleAmount: Number(row.settleAmount ?? row.amount ?? 0),
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
