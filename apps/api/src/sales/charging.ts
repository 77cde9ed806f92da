import { type BoughtPurchase, type BuyResponse, buyMessages, type EligibilityBasis } from '@vault/contracts';
import type { Purchase } from '@vault/db';
import { lineupPosition } from '@vault/show';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { GatewayError } from '../payments';
import { findPurchaseWithItem } from '../purchases';
import { type Claim, releaseClaim, settleClaim } from './claims.repository';
import { claimDrawn, drawnRefusal, type HandoverCandidate, passClaim, passesDown } from './handover.repository';

/** Who holds which item, as the seller's memory knows it (seller.ts): told of every claim and release. */
export interface KnownOwners {
  remember(showItemId: string, userId: string): void;
  forget(showItemId: string): void;
}

/** The members who pressed Buy for an item, first press first, across every replica (presses/). */
export type PressLine = (showItemId: string) => Promise<string[]>;

/**
 * The operator's eligibility rules for a member the sale chose (not one pressing now): the basis
 * that allows it, or refused — judged without counting a refusal, since the member pressed nothing.
 */
export type QuietJudge = (
  userId: string,
  showItemId: string,
) => Promise<{ ok: true; basis: EligibilityBasis | null } | { ok: false }>;

/** How charging a draw's entrant ended (draws/ marks the entry and moves on, or waits). */
export type DrawnSale =
  | { outcome: 'won'; purchaseId: string }
  /** Declined, or the gateway refused it for another reason: the next entrant's turn. */
  | { outcome: 'declined' }
  /** They cannot buy now (no card, at the cap, suspended, no longer eligible): the next entrant's turn. */
  | { outcome: 'skipped' }
  /** Another claim holds the item (a charge under way elsewhere): try again later. */
  | { outcome: 'busy' }
  /** This draw can no longer sell the item (a reset, a newer reveal, the draw ended). */
  | { outcome: 'gone' }
  /** No answer from the gateway: the claim stays pending for the reconciler, and the draw waits for it. */
  | { outcome: 'unsure' };

/** Candidates judged eligible per pass down the line: the first of them nearly always takes it. */
const CANDIDATES_PER_PASS = 25;

type Authorised = { ok: true; response: BuyResponse } | { ok: false; error: GatewayError; unsure: boolean };

/**
 * The winner's path, whoever the winner is — the first press, the next in line after a decline, a
 * draw's entrant: authorise the price on the member's saved card, then record the purchase (with
 * its receipt) and tell the show, or release the item — or, for a declined first-press winner in
 * a show with next-in-line on, pass it to the next member who pressed Buy for it.
 */
export function createCharging(
  deps: ServiceDeps,
  options: { known: KnownOwners; pressLine?: PressLine; judge?: QuietJudge },
) {
  const { now, log } = deps;
  const { known } = options;
  /** Charges of the next in line, run after the declined member's answer: finished before close. */
  const running = new Set<Promise<void>>();

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

  /** Every instance forgets the claim and the screens show the item as it now is. */
  async function afterRelease(claim: Claim) {
    known.forget(claim.showItemId);
    await deps.bus.publish('sales', { type: 'item.released', showItemId: claim.showItemId });
    if (claim.kind === 'live') await deps.driver.notify(claim.showId);
  }

  async function release(claim: Claim, failure: string, needsCheck: boolean) {
    await releaseClaim(deps.db, { claimId: claim.claimId, failure, needsCheck, now: new Date(now()) });
    await afterRelease(claim);
  }

  async function claimed(claim: Claim, userId: string) {
    known.remember(claim.showItemId, userId);
    await deps.bus.publish('sales', { type: 'item.claimed', showItemId: claim.showItemId, userId });
  }

  async function settle(claim: Claim, transactionId: string): Promise<BuyResponse> {
    const settled = await settleClaim(deps.db, {
      claimId: claim.claimId,
      transactionId,
      shippingAddress: claim.shippingAddress,
      now: new Date(now()),
    });
    // The receipt and the won pushes go out after the commit, off the Buy's path (the outbox
    // sweeps retry them).
    if (settled) {
      deps.notify.kick([settled.receiptId]);
      deps.notify.kickPush(settled.pushIds);
    }
    const purchase = settled?.purchase;
    await announce(claim).catch((error: unknown) => log.error({ err: error }, 'announcing a sale failed'));
    // Undefined: the reconciler settled it first; its purchase is the answer.
    return purchase
      ? { item: { id: claim.showItemId, title: claim.title, price: claim.price }, purchase: toBought(purchase) }
      : purchaseResponse({ claimId: claim.claimId });
  }

  /**
   * Authorises the claim's price and settles it. A failure is returned, the claim still pending:
   * `unsure` when the gateway may have authorised without its answer reaching us. Anything else
   * (the database failing) throws, and the claim stays pending for the reconciler.
   */
  async function authorise(claim: Claim): Promise<Authorised> {
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
      return { ok: true, response: await settle(claim, auth.transId) };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (!error.answerLost) return { ok: false, error, unsure: false };
      // The authorisation may have happened without its answer reaching us: ask the gateway.
      const found = await client
        .findTransactionByInvoice(claim.customerProfileId, claim.claimId)
        .catch(() => undefined);
      if (found && found.status === 'authorizedPendingCapture') {
        return { ok: true, response: await settle(claim, found.transId) };
      }
      // Not found is no "no": a gateway slow under load may still be writing the authorisation it
      // never answered. Only a transaction found (declined, an error) is sure; else the reconciler
      // looks again once the claim has aged, and voids an authorisation that landed late.
      return { ok: false, error, unsure: !found };
    }
  }

  const isDecline = (error: GatewayError) => !error.answerLost && error.failure === 'declined';

  /** Members in the item's press line who may take it now, first press first; none when the show passes nothing down. */
  async function lineFor(claim: Claim, tried: ReadonlySet<string>): Promise<HandoverCandidate[]> {
    const { pressLine, judge } = options;
    if (!pressLine || claim.kind !== 'live' || !(await passesDown(deps.db, claim.showId))) return [];
    const candidates: HandoverCandidate[] = [];
    for (const userId of await pressLine(claim.showItemId)) {
      if (tried.has(userId)) continue;
      const verdict = judge ? await judge(userId, claim.showItemId) : { ok: true as const, basis: null };
      if (!verdict.ok) continue;
      candidates.push({ userId, eligibility: verdict.basis });
      if (candidates.length >= CANDIDATES_PER_PASS) break;
    }
    return candidates;
  }

  /**
   * A declined card: the item goes to the next member in its press line who may buy it, in the
   * transaction that releases the declined claim (handover.repository.ts passClaim), and their card
   * is charged after the declined member has their answer. Nobody left: released as ever.
   */
  async function passDown(claim: Claim, tried: ReadonlySet<string>, failure: string): Promise<void> {
    const candidates = await lineFor(claim, tried);
    if (candidates.length === 0) return release(claim, failure, false);
    const result = await passClaim(deps.db, { claimId: claim.claimId, failure, candidates, now: new Date(now()) });
    if (!result.released) return; // the reconciler resolved the claim first
    if (!result.passed) return afterRelease(claim);
    await claimed(result.claim, result.userId);
    // Screens keep showing the item on sale while the next card is authorised (publicStatus).
    const next = chargeNext(result.claim, new Set([...tried, result.userId])).catch((error: unknown) =>
      log.error(
        { err: error, claimId: result.claim.claimId },
        'charging the next in line failed; the reconciler finishes it',
      ),
    );
    running.add(next);
    void next.finally(() => running.delete(next));
  }

  async function chargeNext(claim: Claim, tried: ReadonlySet<string>): Promise<void> {
    const result = await authorise(claim);
    if (result.ok) return;
    if (isDecline(result.error)) return passDown(claim, tried, result.error.message);
    // Any other failure releases the item as a Buy's would.
    await release(claim, result.error.message, result.unsure);
  }

  return {
    purchaseResponse,

    /** The first-press winner's charge: the purchase, or the refusal the member is answered with. */
    async charge(claim: Claim, userId: string): Promise<BuyResponse> {
      await deps.bus.publish('sales', { type: 'item.claimed', showItemId: claim.showItemId, userId });
      const result = await authorise(claim);
      if (result.ok) return result.response;
      const { error } = result;
      if (isDecline(error)) {
        await passDown(claim, new Set([userId]), error.message);
        throw new AppError(402, 'card_declined', buyMessages.declined);
      }
      await release(claim, error.message, result.unsure);
      throw new AppError(402, 'payment_failed', buyMessages.gatewayFailed, {}, { cause: error });
    },

    /**
     * A draw's entrant whose turn it is: claimed for them (if they and the item may still be sold
     * to each other) and charged exactly as a Buy winner is. An unanswered authorisation leaves the
     * claim pending for the reconciler, never released on a guess: the draw waits for the answer.
     */
    async sellDrawn(args: { drawId: string; showItemId: string; userId: string }): Promise<DrawnSale> {
      const { drawId, showItemId, userId } = args;
      const verdict = options.judge ? await options.judge(userId, showItemId) : { ok: true as const, basis: null };
      if (!verdict.ok) return { outcome: 'skipped' };
      const claim = await claimDrawn(deps.db, {
        drawId,
        showItemId,
        userId,
        now: new Date(now()),
        eligibility: verdict.basis,
      });
      if (!claim) {
        const why = await drawnRefusal(deps.db, { drawId, showItemId });
        return { outcome: why === 'member' ? 'skipped' : why };
      }
      await claimed(claim, userId);
      const result = await authorise(claim);
      if (result.ok) return { outcome: 'won', purchaseId: result.response.purchase.id };
      if (result.unsure) return { outcome: 'unsure' };
      await release(claim, result.error.message, false);
      return { outcome: 'declined' };
    },

    /** Waits for the charges of the next in line under way (the app closing). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type Charging = ReturnType<typeof createCharging>;

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
