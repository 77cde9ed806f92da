import type { ServiceDeps } from '../core/deps';
import { settleFromGateway } from './capture';
import { releaseStaleShipping, stalePendingPurchases } from './capture.repository';
import { SHIP_INTERRUPTED } from './ship';

export interface CaptureReconcileOptions {
  /** Pending purchases younger than this may still have a live capture (or void) working on them. */
  pendingAfterMs: number;
  /** Packages left in `shipping` longer than this had their Mark shipped interrupted. */
  shippingAfterMs: number;
}

export interface CaptureReconcileReport {
  captured: number;
  authorized: number;
  voided: number;
  unknown: number;
  released: number;
}

/** At most this many purchases and packages per pass: a backlog is worked through over several. */
const PER_PASS = 50;

/**
 * Finishes what a crash or an unanswered gateway call left half done after the sale: a purchase
 * stuck pending (a capture or void in flight) takes whatever state the gateway reports for its
 * authorisation; a package stuck in `shipping` goes back to packing, so it can be shipped again
 * (its captured purchases are not captured twice). Safe anywhere at any time: each step is
 * conditional on the state it leaves.
 */
export async function reconcileCaptures(
  deps: Pick<ServiceDeps, 'db' | 'payments' | 'now' | 'log'>,
  options: CaptureReconcileOptions,
): Promise<CaptureReconcileReport> {
  const report: CaptureReconcileReport = { captured: 0, authorized: 0, voided: 0, unknown: 0, released: 0 };
  const now = deps.now();
  const pending = await stalePendingPurchases(deps.db, new Date(now - options.pendingAfterMs), PER_PASS);
  for (const purchase of pending) {
    if (!purchase.transactionId) continue;
    try {
      const outcome = await settleFromGateway(
        deps,
        { id: purchase.id, transactionId: purchase.transactionId },
        'The capture was not made: try again',
      );
      if (outcome.kind === 'captured') report.captured++;
      else if (outcome.kind === 'refused') report.authorized++;
      else if (outcome.kind === 'voided') report.voided++;
      else report.unknown++;
    } catch (error) {
      report.unknown++;
      deps.log.warn({ err: error, purchaseId: purchase.id }, 'reconciling a pending purchase failed; will retry');
    }
  }
  report.released = await releaseStaleShipping(
    deps.db,
    new Date(now - options.shippingAfterMs),
    SHIP_INTERRUPTED,
    PER_PASS,
  );
  return report;
}
