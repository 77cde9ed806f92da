import {
  type AdminRefund,
  fulfillmentMessages,
  purchaseMessages,
  type RefundBody,
  refundIssuedDedupeKey,
} from '@vault/contracts';
import type { Refund, RefundMethod } from '@vault/db';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { cents } from '../core/money';
import { GatewayError, gatewayToAppError } from '../payments';
import {
  findRefundById,
  findRefundTarget,
  finishRefund,
  insertPendingRefund,
  markReturnRefunded,
  type RefundOutcome,
  type RefundTarget,
  refundableLeft,
} from './refunds.repository';
import { queueMail } from './returns.repository';

/** A refund's invoice number (and refId) at the gateway: its id without dashes, at most 20 characters. */
export const refundInvoiceNumber = (refundId: string) => refundId.replace(/-/g, '').slice(0, 20);

const refused = (message: string) => new AppError(409, 'refund_not_allowed', message);

function toAdminRefund(row: Refund, refundableAmount: string): AdminRefund {
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    amount: row.amount,
    reason: row.reason,
    method: row.method,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    refundableAmount,
  };
}

/** Why `amount` cannot be refunded on this purchase now, from its ledger; null when it can. */
function ledgerRefusal(target: RefundTarget, amount: string): AppError | null {
  if (target.status !== 'completed' || target.capturedAmount === null || !target.transactionId)
    return refused(fulfillmentMessages.refundNotCaptured);
  if (target.pending) return refused(fulfillmentMessages.refundInProgress);
  const left = target.left ?? '0.00';
  if (cents(amount) > cents(left)) return refused(fulfillmentMessages.refundTooLarge(left));
  return null;
}

/**
 * How the gateway can give the money back, from the state of the original capture: a settled
 * capture takes a refund (partial or full); an unsettled one can only be voided, in full.
 */
async function methodFor(deps: Pick<ServiceDeps, 'payments'>, target: RefundTarget, amount: string) {
  const details = await deps.payments.getTransactionDetails(target.transactionId ?? '');
  if (details?.status === 'settledSuccessfully') return 'refund';
  if (details?.status === 'capturedPendingSettlement') {
    if (cents(amount) !== cents(target.capturedAmount ?? '0'))
      throw refused(fulfillmentMessages.refundPartialUnsettled);
    return 'void';
  }
  // Voided, declined or unknown at the gateway: there is no capture to give back.
  throw refused(fulfillmentMessages.refundNotCaptured);
}

/**
 * The member's card the purchase was charged to: the gateway's record of the sale (found by its
 * invoice number, the claim) names it; the member's default card stands in for a sale the
 * gateway no longer lists, and the gateway refuses a credit to a card other than the charge's.
 */
async function chargedCard(deps: Pick<ServiceDeps, 'payments'>, target: RefundTarget) {
  const customerProfileId = target.customerProfileId;
  if (!customerProfileId) throw refused(fulfillmentMessages.refundNotCaptured);
  const sale = target.claimId ? await deps.payments.findTransactionByInvoice(customerProfileId, target.claimId) : null;
  const paymentProfileId = sale?.customerPaymentProfileId ?? target.defaultPaymentProfileId;
  if (!paymentProfileId) throw refused(fulfillmentMessages.refundNotCaptured);
  return { customerProfileId, paymentProfileId };
}

/**
 * Ends a pending refund once (done or failed), and, when done, closes the return it was made for
 * and queues the member's refund email in the same transaction. False when it was not pending
 * any more: whoever finished it first did all of this.
 */
export async function settleRefund(
  deps: Pick<ServiceDeps, 'db' | 'notify'>,
  refundId: string,
  outcome: RefundOutcome,
): Promise<boolean> {
  const mailId = await withTransaction(deps.db, async (trx) => {
    const finished = await finishRefund(trx, refundId, outcome);
    if (!finished) return null;
    if (finished.status !== 'done') return undefined;
    if (finished.returnId) await markReturnRefunded(trx, finished.returnId);
    if (!finished.userId) return undefined;
    return queueMail(trx, {
      kind: 'refund_issued',
      dedupeKey: refundIssuedDedupeKey(finished.id),
      userId: finished.userId,
      payload: { refundId: finished.id },
    });
  });
  if (mailId) deps.notify.kick([mailId]);
  return mailId !== null;
}

/**
 * An admin's refund of a captured purchase. The ledger is checked (captured, within what is left,
 * none at the gateway), the gateway asked how the capture stands (settled: refundTransaction to
 * the card charged; unsettled: void, in full only), and the refund recorded as pending BEFORE the
 * money call, by the one statement that also holds the ceiling. A clear refusal marks it failed;
 * a lost answer leaves it pending for the reconciler, which asks the gateway what happened.
 */
export async function refundPurchase(
  deps: Pick<ServiceDeps, 'db' | 'notify' | 'payments' | 'log'>,
  purchaseId: string,
  body: RefundBody,
  adminId: string,
): Promise<AdminRefund> {
  const target = await findRefundTarget(deps.db, purchaseId);
  if (!target) throw new AppError(404, 'not_found', purchaseMessages.notFound);
  const refusal = ledgerRefusal(target, body.amount);
  if (refusal) throw refusal;

  let method: RefundMethod;
  let card: Awaited<ReturnType<typeof chargedCard>> | null = null;
  try {
    method = await methodFor(deps, target, body.amount);
    if (method === 'refund') card = await chargedCard(deps, target);
  } catch (error) {
    throw gatewayToAppError(error);
  }

  const refund = await insertPendingRefund(deps.db, {
    purchaseId,
    amount: body.amount,
    reason: body.reason,
    method,
    createdBy: adminId,
  });
  if (!refund) {
    // Another refund got in between the check and the insert: say what the ledger says now.
    const now = await findRefundTarget(deps.db, purchaseId);
    throw (now && ledgerRefusal(now, body.amount)) ?? refused(fulfillmentMessages.refundInProgress);
  }

  const invoiceNumber = refundInvoiceNumber(refund.id);
  const transactionId = target.transactionId ?? '';
  let answer: { transId: string } | null = null;
  try {
    answer = card
      ? await deps.payments.refund({
          refId: invoiceNumber,
          amount: refund.amount,
          refTransId: transactionId,
          customerProfileId: card.customerProfileId,
          customerPaymentProfileId: card.paymentProfileId,
          invoiceNumber,
        })
      : await deps.payments.voidTransaction({ refId: invoiceNumber, refTransId: transactionId });
  } catch (error) {
    if (error instanceof GatewayError && !error.answerLost) {
      await settleRefund(deps, refund.id, { status: 'failed', errorMessage: error.message });
      throw gatewayToAppError(error);
    }
    // No answer (or not one we could read): the gateway may have given the money back. Pending
    // until the reconciler asks; the admin sees it pending.
    deps.log.warn({ err: error, refundId: refund.id }, 'a refund got no answer; the reconciler will ask the gateway');
  }
  if (answer) await settleRefund(deps, refund.id, { status: 'done', transactionId: answer.transId });
  return toAdminRefund(await findRefundById(deps.db, refund.id), await refundableLeft(deps.db, purchaseId));
}
