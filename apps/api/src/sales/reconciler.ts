import type { ServiceDeps } from '../core/deps';
import {
  listClaimsToRecheck,
  listStalePendingClaims,
  markClaimChecked,
  releaseClaim,
  settleClaim,
} from './claims.repository';

export interface ReconcileOptions {
  /** Pending claims younger than this may still have a live request working on them. */
  pendingAfterMs: number;
  /** Released-after-timeout claims are looked at again once this old (a late authorisation). */
  recheckAfterMs: number;
}

export interface ReconcileReport {
  settled: number;
  released: number;
  voided: number;
  failed: number;
}

const HELD = new Set(['authorizedPendingCapture', 'capturedPendingSettlement', 'settledSuccessfully']);

/**
 * Finishes what a crash (or a lost answer) left half done, by asking the gateway what happened
 * to each claim's invoice number: a pending claim the gateway authorised becomes a purchase;
 * one it did not is released; an authorisation that arrived after we released the item is voided.
 * Safe to run anywhere at any time: every step is conditional on the claim's current status.
 */
export async function reconcileClaims(deps: ServiceDeps, options: ReconcileOptions): Promise<ReconcileReport> {
  const { now } = deps;
  const report: ReconcileReport = { settled: 0, released: 0, voided: 0, failed: 0 };
  const client = deps.payments;

  const pending = await listStalePendingClaims(deps.db, new Date(now() - options.pendingAfterMs));
  for (const claim of pending) {
    try {
      const found = claim.authNetCustomerProfileId
        ? await client.findTransactionByInvoice(claim.authNetCustomerProfileId, claim.id)
        : null;
      const at = new Date(now());
      if (found && HELD.has(found.status)) {
        const settled = await settleClaim(deps.db, { claimId: claim.id, transactionId: found.transId, now: at });
        if (settled) {
          deps.notify.kick([settled.receiptId]);
          deps.notify.kickPush(settled.pushIds);
          report.settled++;
        }
      } else if (
        await releaseClaim(deps.db, {
          claimId: claim.id,
          failure: 'Reconciled: not authorised',
          needsCheck: false,
          now: at,
        })
      ) {
        report.released++;
        await deps.bus.publish('sales', { type: 'item.released', showItemId: claim.showItemId });
      }
      await deps.driver.notify(claim.showId);
    } catch (error) {
      report.failed++;
      deps.log.warn({ err: error, claimId: claim.id }, 'reconciling a pending claim failed; will retry');
    }
  }

  const unsure = await listClaimsToRecheck(deps.db, new Date(now() - options.recheckAfterMs));
  for (const claim of unsure) {
    try {
      const found = claim.authNetCustomerProfileId
        ? await client.findTransactionByInvoice(claim.authNetCustomerProfileId, claim.id)
        : null;
      if (found?.status === 'authorizedPendingCapture') {
        await client.voidTransaction({ refId: claim.id, refTransId: found.transId });
        report.voided++;
      }
      await markClaimChecked(deps.db, claim.id);
    } catch (error) {
      report.failed++;
      deps.log.warn({ err: error, claimId: claim.id }, 'checking a released claim failed; will retry');
    }
  }
  if (report.settled + report.released + report.voided + report.failed > 0) {
    deps.log.info(report, 'sale claims reconciled');
  }
  return report;
}
