import type { ServiceDeps } from '../core/deps';
import { GatewayError } from '../payments';
import { recordCaptured, recordVoided, returnToAuthorized, takeAuthorized } from './capture.repository';

/** What became of one capture: the money moved, the gateway said no, or nobody can tell yet. */
export type CaptureOutcome =
  | { kind: 'captured' }
  | { kind: 'refused'; reason: string }
  | { kind: 'voided' }
  | { kind: 'unknown'; reason: string }
  /** Not authorised when we came to it (captured or voided by hand, or taken by someone else). */
  | { kind: 'not-taken' };

/** The gateway's states of an authorisation, as what they mean for the purchase. */
const AT_GATEWAY: Record<string, 'completed' | 'authorized' | 'voided'> = {
  capturedPendingSettlement: 'completed',
  settledSuccessfully: 'completed',
  authorizedPendingCapture: 'authorized',
  voided: 'voided',
};

/** The gateway refuses a second capture of one authorisation with this reason code. */
const ALREADY_CAPTURED = '311';

/**
 * What the gateway did with an authorisation, asked by its transaction id; null when it cannot
 * be asked now or says something else (an error state): the purchase then stays pending for the
 * capture reconciler, never assumed either way.
 */
async function askGateway(deps: Pick<ServiceDeps, 'payments'>, transactionId: string) {
  const details = await deps.payments.getTransactionDetails(transactionId).catch(() => null);
  return (details && AT_GATEWAY[details.status]) ?? null;
}

/**
 * Applies what the gateway says of a pending purchase (a lost answer, a crash, a refusal that
 * says it was already done). Shared by Mark shipped and the capture reconciler.
 */
export async function settleFromGateway(
  deps: Pick<ServiceDeps, 'db' | 'payments' | 'now'>,
  purchase: { id: string; transactionId: string },
  reason: string,
): Promise<CaptureOutcome> {
  const state = await askGateway(deps, purchase.transactionId);
  if (state === 'completed') {
    await recordCaptured(deps.db, purchase.id, new Date(deps.now()));
    return { kind: 'captured' };
  }
  if (state === 'authorized') {
    await returnToAuthorized(deps.db, purchase.id, reason);
    return { kind: 'refused', reason };
  }
  if (state === 'voided') {
    await recordVoided(deps.db, purchase.id);
    return { kind: 'voided' };
  }
  return { kind: 'unknown', reason };
}

/**
 * Captures one authorised purchase in full (priorAuthCaptureTransaction), exactly once: the
 * purchase is taken (authorized → pending) by one conditional UPDATE first, so no second caller
 * can send a second capture; an answer that never came, or a refusal saying it was already
 * captured, is settled by asking the gateway what happened.
 */
export async function capturePurchase(
  deps: Pick<ServiceDeps, 'db' | 'payments' | 'now' | 'log'>,
  purchaseId: string,
): Promise<CaptureOutcome> {
  const taken = await takeAuthorized(deps.db, purchaseId);
  if (!taken?.transactionId) return { kind: 'not-taken' };
  const purchase = { id: taken.id, transactionId: taken.transactionId };
  // refId: at most 20 characters at the gateway.
  const refId = taken.id.replace(/-/g, '').slice(0, 20);
  try {
    await deps.payments.capture({ refId, amount: taken.amount, refTransId: taken.transactionId });
  } catch (error) {
    const gateway = error instanceof GatewayError ? error : null;
    const reason = gateway?.message ?? 'The payment gateway sent an answer that could not be read';
    // Refused outright: nothing moved. Anything else (no answer, an unreadable one, "already
    // captured") may have moved the money: ask.
    if (gateway && !gateway.answerLost && gateway.code !== ALREADY_CAPTURED) {
      await returnToAuthorized(deps.db, purchase.id, reason);
      return { kind: 'refused', reason };
    }
    deps.log.warn({ err: error, purchaseId }, 'a capture got no clear answer; asking the gateway');
    return settleFromGateway(deps, purchase, reason);
  }
  await recordCaptured(deps.db, purchase.id, new Date(deps.now()));
  return { kind: 'captured' };
}

/**
 * Finishes a purchase an admin's own capture or void (POST /api/purchases/:id/capture|void) took
 * to pending: captured, with what and when (the ceiling of its refunds); or voided, out of its
 * package (deleted if that empties it while still being packed).
 */
export async function recordSettlement(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  purchaseId: string,
  status: 'completed' | 'voided',
): Promise<void> {
  if (status === 'completed') await recordCaptured(deps.db, purchaseId, new Date(deps.now()));
  else await recordVoided(deps.db, purchaseId);
}
