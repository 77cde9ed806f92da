import { type AdminPurchase, type PurchaseView, purchaseMessages, showMessages } from '@vault/contracts';
import type { Purchase } from '@vault/db';
import { findUserById } from '../auth';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { recordSettlement, returnToAuthorized, takeAuthorized } from '../fulfillment';
import { GatewayError, gatewayToAppError } from '../payments';
import { findShow } from '../shows';
import {
  findPurchaseWithBuyer,
  listMemberPurchases,
  listShowPurchases,
  type PurchaseWithBuyer,
  purchaseExists,
} from './repository';

function toAdminPurchase(row: PurchaseWithBuyer): AdminPurchase {
  return {
    id: row.id,
    showItemId: row.showItemId,
    itemTitle: row.itemTitle,
    amount: row.amount,
    status: row.status,
    transactionId: row.transactionId,
    buyer: { id: row.userId, email: row.email, fullName: row.fullName },
    shippingAddress: row.shippingAddress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    relistedItemId: row.relistedItemId,
  };
}

/** The member's purchase history, newest first. */
export async function memberPurchases(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<PurchaseView[]> {
  const rows = await listMemberPurchases(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    showItemId: row.showItemId,
    itemTitle: row.title,
    amount: row.amount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Who bought what in one show, newest first; 404 for an unknown show. */
export async function showPurchases(deps: Pick<ServiceDeps, 'db'>, showId: string): Promise<AdminPurchase[]> {
  if (!(await findShow(deps.db, showId))) throw new AppError(404, 'not_found', showMessages.notFound);
  return (await listShowPurchases(deps.db, showId)).map(toAdminPurchase);
}

/**
 * Captures or voids an authorised purchase at the gateway. The purchase is first moved to
 * pending with a conditional UPDATE, so two admins (or a double click) cannot settle it twice;
 * a gateway failure puts it back to authorized, unless the gateway did the work and only its
 * answer was lost.
 */
export async function settlePurchase(
  deps: ServiceDeps,
  purchaseId: string,
  action: 'capture' | 'void',
): Promise<AdminPurchase> {
  if (!(await purchaseExists(deps.db, purchaseId))) throw new AppError(404, 'not_found', purchaseMessages.notFound);
  const taken = await takeAuthorized(deps.db, purchaseId);
  if (!taken?.transactionId) throw new AppError(409, 'not_authorized_payment', purchaseMessages.notAuthorized);
  // refId: at most 20 characters at the gateway.
  const refId = taken.id.replace(/-/g, '').slice(0, 20);
  const client = deps.payments;
  let status: 'completed' | 'voided' = action === 'capture' ? 'completed' : 'voided';
  try {
    if (action === 'capture') {
      await client.capture({ refId, amount: taken.amount, refTransId: taken.transactionId });
    } else {
      await client.voidTransaction({ refId, refTransId: taken.transactionId });
    }
  } catch (error) {
    const happened =
      (await outcomeAtGateway(deps, taken, error)) ?? (action === 'void' ? await lapsed(deps, taken) : null);
    if (happened !== 'completed' && happened !== 'voided') {
      await returnToAuthorized(deps.db, purchaseId, null);
      throw gatewayToAppError(error);
    }
    status = happened;
  }
  // A capture records what it took and when; a void takes the purchase out of its package.
  await recordSettlement(deps, purchaseId, status);
  return toAdminPurchase(await findPurchaseWithBuyer(deps.db, purchaseId));
}

/**
 * A void the gateway refused because the authorisation lapsed (it holds one 30 days): nothing is
 * held any more, so the purchase is void all the same and leaves its package, which can then ship
 * the rest. Null for any other refusal, or when the gateway cannot be asked now.
 */
async function lapsed(deps: ServiceDeps, purchase: Purchase): Promise<'voided' | null> {
  if (!purchase.transactionId) return null;
  const details = await deps.payments.getTransactionDetails(purchase.transactionId).catch(() => null);
  return details?.status === 'expired' ? 'voided' : null;
}

/** The gateway's transaction states that mean a capture or a void went through. */
const SETTLED_AT_GATEWAY: Record<string, Purchase['status']> = {
  capturedPendingSettlement: 'completed',
  settledSuccessfully: 'completed',
  voided: 'voided',
};

/**
 * After a capture or void got no answer, what the gateway did, found by the sale's invoice
 * number: the purchase must not go back to authorised when the money already moved (a retry
 * would then be refused as done).
 * Null when it did nothing, or when it cannot be asked now (the purchase stays retryable).
 */
async function outcomeAtGateway(
  deps: ServiceDeps,
  purchase: Purchase,
  error: unknown,
): Promise<Purchase['status'] | null> {
  if (!(error instanceof GatewayError) || !error.answerLost) return null;
  const profileId = (await findUserById(deps.db, purchase.userId))?.authNetCustomerProfileId;
  if (!profileId || !purchase.claimId) return null;
  const found = await deps.payments.findTransactionByInvoice(profileId, purchase.claimId).catch(() => null);
  return (found && SETTLED_AT_GATEWAY[found.status]) ?? null;
}
