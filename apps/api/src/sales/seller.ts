import {
  type BoughtPurchase,
  type BuyResponse,
  buyMessages,
  type EligibilityBasis,
  memberMessages,
} from '@vault/contracts';
import type { Purchase } from '@vault/db';
import { lineupPosition } from '@vault/show';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { GatewayError } from '../payments';
import { SIGNED_OUT } from '../platform/current-user';
import { findPurchaseWithItem } from '../purchases';
import { type Claim, claimItem, explainRefusal, findClaimStatus, releaseClaim, settleClaim } from './claims.repository';

const KNOWN_LIMIT = 50_000;
/**
 * One refusal object for every losing buyer: in a burst, capturing a fresh stack trace per 409
 * was a measurable share of the CPU (bench:buy profile), and this error carries no stack to tell.
 */
const SOLD = new AppError(409, 'sold', buyMessages.sold);

/** What the seller reports beyond its answers (sales/plugin.ts turns it into metrics). */
export interface SellerObserver {
  /** The claim query's duration, and whether it claimed the item. */
  claim?(claimed: boolean, seconds: number): void;
}

/**
 * Whether an id names an item worth a query (buyable-items.ts): nothing when it does, else a
 * promise that rejects with the 404. Without it every id goes to the database.
 */
export type ItemCheck = (showItemId: string) => Promise<void> | undefined;

/**
 * Whether this member may buy this item under the operator's rules (eligibility-check.ts): the
 * rules that allow it, or a throw of the 403 `not_eligible` refusal. From memory (no promise) once
 * the member's facts are held; null when the item is not one this replica can judge (the claim
 * refuses it anyway).
 */
export type EligibilityCheck = (
  userId: string,
  showItemId: string,
) => EligibilityBasis | null | Promise<EligibilityBasis | null>;

/**
 * Answers that repeat a purchase made by an earlier press (an idempotent replay, a double tap), so
 * the Buy metrics can tell them from wins; the objects themselves are what the route sends.
 */
const replays = new WeakSet<BuyResponse>();
export const isReplay = (response: BuyResponse): boolean => replays.has(response);
function replayOf(response: BuyResponse): BuyResponse {
  const copy = { ...response };
  replays.add(copy);
  return copy;
}

/**
 * Sells items exactly once. The database decides (one conditional UPDATE per claim); this
 * instance's memory only makes refusals cheap: once an item is known to be claimed by someone,
 * every other buyer is refused without a query, and a double tap on this instance waits for the
 * first tap's answer instead of racing it.
 */
export function createSeller(
  deps: ServiceDeps,
  observe: SellerObserver = {},
  itemCheck?: ItemCheck,
  eligibilityCheck?: EligibilityCheck,
) {
  const { now } = deps;
  /** The gateway's own timeout: how long a double tap may wait for the first tap's answer. */
  const gatewayTimeoutMs = deps.config.payments.timeoutMs;
  /** item id → the member who claimed or bought it. */
  const known = new Map<string, string>();
  /** `${userId}:${itemId}` → the attempt in flight on this instance. */
  const inflight = new Map<string, Promise<BuyResponse>>();
  /** item id → the claim query for it running on this instance (see claimOrExplain). */
  const gates = new Map<string, Promise<void>>();

  function remember(itemId: string, userId: string) {
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(itemId, userId);
  }

  /** The answer for a purchase already recorded, found by its id or by the claim that made it. */
  async function purchaseResponse(by: { id: string } | { claimId: string }): Promise<BuyResponse> {
    const row = await findPurchaseWithItem(deps.db, by);
    return { item: { id: row.showItemId, title: row.title, price: row.price }, purchase: toBought(row) };
  }

  /** Tells the show (clock and screens) about a live sale; a test product has no show to tell. */
  async function announce(claim: Claim) {
    if (claim.kind !== 'live') return;
    const index = await lineupPosition(deps.db, claim.showItemId);
    const result = await deps.driver.command(claim.showId, { type: 'sold', index });
    // The phase may have ended while the card was authorised: the sale stands, and every
    // instance must still refresh what it shows.
    if (!result.ok || !result.changed) await deps.driver.notify(claim.showId);
  }

  async function release(claim: Claim, failure: string, needsCheck: boolean) {
    await releaseClaim(deps.db, { claimId: claim.claimId, failure, needsCheck, now: new Date(now()) });
    known.delete(claim.showItemId);
    await deps.bus.publish('sales', { type: 'item.released', showItemId: claim.showItemId });
    if (claim.kind === 'live') await deps.driver.notify(claim.showId);
  }

  async function settle(claim: Claim, transactionId: string): Promise<BuyResponse> {
    const settled = await settleClaim(deps.db, {
      claimId: claim.claimId,
      transactionId,
      shippingAddress: claim.shippingAddress,
      now: new Date(now()),
    });
    // The receipt goes out after the commit, off the Buy's path (the outbox sweep retries it).
    if (settled) deps.notify.kick([settled.receiptId]);
    const purchase = settled?.purchase;
    await announce(claim).catch((error: unknown) => deps.log.error({ err: error }, 'announcing a sale failed'));
    // Undefined: the reconciler settled it first; its purchase is the answer.
    return purchase
      ? { item: { id: claim.showItemId, title: claim.title, price: claim.price }, purchase: toBought(purchase) }
      : purchaseResponse({ claimId: claim.claimId });
  }

  /** The winner's path: authorise the price on the member's saved card, then settle or release. */
  async function charge(claim: Claim, userId: string): Promise<BuyResponse> {
    await deps.bus.publish('sales', { type: 'item.claimed', showItemId: claim.showItemId, userId });
    const client = deps.payments;
    try {
      const auth = await client.authorize({
        refId: claim.claimId,
        amount: claim.price,
        customerProfileId: claim.customerProfileId,
        paymentProfileId: claim.paymentProfileId,
        invoiceNumber: claim.claimId,
        description: claim.title.slice(0, 255),
      });
      return await settle(claim, auth.transId);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error; // the claim stays pending: the reconciler finishes it
      if (error.answerLost) {
        // The authorisation may have happened without its answer reaching us: ask the gateway.
        const found = await client
          .findTransactionByInvoice(claim.customerProfileId, claim.claimId)
          .catch(() => undefined);
        if (found && found.status === 'authorizedPendingCapture') return settle(claim, found.transId);
        await release(claim, error.message, found === undefined);
        throw new AppError(402, 'payment_failed', buyMessages.gatewayFailed, {}, { cause: error });
      }
      await release(claim, error.message, false);
      if (error.failure === 'declined') throw new AppError(402, 'card_declined', buyMessages.declined);
      throw new AppError(402, 'payment_failed', buyMessages.gatewayFailed, {}, { cause: error });
    }
  }

  /** A double tap that reached another instance: wait for the first tap's claim to resolve. */
  async function awaitClaim(claimId: string): Promise<BuyResponse> {
    const deadline = now() + gatewayTimeoutMs * 2 + 2000;
    while (now() < deadline) {
      const claim = await findClaimStatus(deps.db, claimId);
      if (claim?.status === 'settled') return purchaseResponse({ claimId });
      if (claim?.status !== 'pending') throw new AppError(402, 'payment_failed', buyMessages.gatewayFailed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new AppError(409, 'buy_in_progress', buyMessages.inProgress);
  }

  /**
   * The claim query, or its refusal's explanation — one at a time per item on this instance. A
   * burst of buyers then costs one round trip here, not one each: whoever waited finds the item
   * known as claimed and is refused from memory; only if the first was refused for reasons of
   * its own (no card, say) does the next go to the database.
   */
  async function claimOrExplain(
    userId: string,
    showItemId: string,
    idempotencyKey: string | null,
    eligibility: EligibilityBasis | null,
  ) {
    for (let gate = gates.get(showItemId); gate; gate = gates.get(showItemId)) {
      await gate;
      const owner = known.get(showItemId);
      if (owner !== undefined && owner !== userId) throw SOLD;
    }
    let open = () => {};
    gates.set(
      showItemId,
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    try {
      const started = performance.now();
      const claim = await claimItem(deps.db, { userId, showItemId, idempotencyKey, now: new Date(now()), eligibility });
      observe.claim?.(claim !== undefined, (performance.now() - started) / 1000);
      if (claim) {
        remember(showItemId, userId);
        return { claim, facts: null };
      }
      const facts = await explainRefusal(deps.db, { userId, showItemId, idempotencyKey });
      const item = facts.item;
      if (item && (item.status === 'sold' || item.claimId) && item.soldToUserId)
        remember(showItemId, item.soldToUserId);
      return { claim: null, facts };
    } finally {
      gates.delete(showItemId);
      open();
    }
  }

  async function attempt(
    userId: string,
    showItemId: string,
    idempotencyKey: string | null,
    eligibility: EligibilityBasis | null,
  ): Promise<BuyResponse> {
    const outcome = await claimOrExplain(userId, showItemId, idempotencyKey, eligibility);
    if (outcome.claim) return charge(outcome.claim, userId);
    const { facts } = outcome;
    if (!facts.user) throw SIGNED_OUT;
    if (!facts.user.onboardingCompleted) throw new AppError(403, 'onboarding_required', buyMessages.onboardingRequired);
    if (!facts.user.hasCard) throw new AppError(403, 'payment_method_required', buyMessages.paymentMethodRequired);
    if (facts.keyPurchase && facts.keyPurchase.showItemId !== showItemId) {
      throw new AppError(422, 'idempotency_key_reused', buyMessages.keyReused);
    }
    if (!facts.item) throw new AppError(404, 'not_found', buyMessages.notFound);
    if (facts.purchaseId) return purchaseResponse({ id: facts.purchaseId }).then(replayOf);
    if (facts.ownPendingClaimId) return awaitClaim(facts.ownPendingClaimId).then(replayOf);
    if (facts.item.status === 'sold' || facts.item.claimId) throw SOLD;
    if (facts.capReached !== null) {
      throw new AppError(409, 'purchase_cap_reached', memberMessages.capReached(facts.capReached));
    }
    throw new AppError(409, 'not_on_sale', buyMessages.notOnSale);
  }

  return {
    /** POST /api/show/buy: the same member buying the same item twice gets the same purchase. */
    async buy(userId: string, showItemId: string, idempotencyKey: string | null): Promise<BuyResponse> {
      const owner = known.get(showItemId);
      if (owner !== undefined && owner !== userId) throw SOLD;
      // An item this member claimed here (a re-send after a lost answer) is theirs to ask about,
      // whatever the show has moved on to; any other id must name a real item before a query.
      let eligibility: EligibilityBasis | null = null;
      if (owner === undefined) {
        const checking = itemCheck?.(showItemId);
        if (checking) await checking;
        // Before the claim touches the database, from memory: a refused member costs no query.
        const verdict = eligibilityCheck?.(userId, showItemId) ?? null;
        eligibility = verdict instanceof Promise ? await verdict : verdict;
      }
      const key = `${userId}:${showItemId}`;
      const running = inflight.get(key);
      if (running) return running.then(replayOf);
      const pending = attempt(userId, showItemId, idempotencyKey, eligibility).finally(() => inflight.delete(key));
      inflight.set(key, pending);
      return pending;
    },
    /** Bus hints from other instances. */
    onClaimed(showItemId: string, userId: string) {
      remember(showItemId, userId);
    },
    onReleased(showItemId: string) {
      known.delete(showItemId);
    },
  };
}

export type Seller = ReturnType<typeof createSeller>;

export function toBought(purchase: Purchase): BoughtPurchase {
  return {
    id: purchase.id,
    showItemId: purchase.showItemId,
    amount: purchase.amount,
    status: purchase.status,
    transactionId: purchase.transactionId,
    shippingAddress: purchase.shippingAddress,
    createdAt: purchase.createdAt.toISOString(),
  };
}
