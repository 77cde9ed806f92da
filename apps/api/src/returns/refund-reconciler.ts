import type { ServiceDeps } from '../core/deps';
import { refundInvoiceNumber, settleRefund } from './refunds';
import { listStalePendingRefunds, type RefundOutcome } from './refunds.repository';

export interface RefundReconcileReport {
  done: number;
  failed: number;
  /** Refunds the gateway could not be asked about this time; they stay pending for the next pass. */
  unknown: number;
}

type StaleRefund = Awaited<ReturnType<typeof listStalePendingRefunds>>[number];

/**
 * What the gateway did with a refund whose answer never came, or null when it cannot be asked
 * now. A credit is found in the member's transaction list by the refund's own invoice number; a
 * void shows on the original capture, which the gateway then reports voided.
 */
async function outcomeAtGateway(
  deps: Pick<ServiceDeps, 'payments'>,
  refund: StaleRefund,
): Promise<RefundOutcome | null> {
  if (refund.method === 'void') {
    if (!refund.purchaseTransactionId) return { status: 'failed', errorMessage: 'Reconciled: no capture to void' };
    const original = await deps.payments.getTransactionDetails(refund.purchaseTransactionId);
    if (original?.status === 'voided') return { status: 'done', transactionId: null };
    return {
      status: 'failed',
      errorMessage: `Reconciled: the capture is ${original?.status ?? 'unknown'}, not voided`,
    };
  }
  if (!refund.customerProfileId) return null;
  const credit = await deps.payments.findTransactionByInvoice(refund.customerProfileId, refundInvoiceNumber(refund.id));
  if (!credit) return { status: 'failed', errorMessage: 'Reconciled: the gateway made no such refund' };
  // refundPendingSettlement until the daily batch, then refundSettledSuccessfully.
  if (credit.status.startsWith('refund')) return { status: 'done', transactionId: credit.transId };
  return { status: 'failed', errorMessage: `Reconciled: the gateway's refund is ${credit.status}` };
}

/**
 * Finishes refunds left pending (a lost answer, a crash between the gateway and our write) by
 * asking the gateway, never by assuming: each is marked done or failed exactly once (the update
 * is conditional on pending), and a done one sends its email. Safe anywhere, any time.
 */
export async function reconcileRefunds(
  deps: Pick<ServiceDeps, 'db' | 'notify' | 'payments' | 'log' | 'now'>,
  options: { pendingAfterMs: number },
): Promise<RefundReconcileReport> {
  const report: RefundReconcileReport = { done: 0, failed: 0, unknown: 0 };
  const stale = await listStalePendingRefunds(deps.db, new Date(deps.now() - options.pendingAfterMs));
  for (const refund of stale) {
    try {
      const outcome = await outcomeAtGateway(deps, refund);
      if (!outcome) {
        report.unknown++;
        continue;
      }
      if (await settleRefund(deps, refund.id, outcome)) report[outcome.status]++;
    } catch (error) {
      report.unknown++;
      deps.log.warn({ err: error, refundId: refund.id }, 'reconciling a pending refund failed; will retry');
    }
  }
  return report;
}
