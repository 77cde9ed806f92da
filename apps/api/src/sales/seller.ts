import {
  type BuyResponse,
  buyMessages,
  type DrawEntered,
  type EligibilityBasis,
  memberMessages,
} from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import type { DrawOnScreen } from '../draws';
import { SIGNED_OUT } from '../platform/current-user';
import { createCharging, type PressLine, type QuietJudge } from './charging';
import { claimItem, explainRefusal, findClaimStatus } from './claims.repository';

const KNOWN_LIMIT = 50_000;
/**
 * One refusal object for every losing buyer: in a burst, capturing a fresh stack trace per 409
 * was a measurable share of the CPU (bench:buy profile), and this error carries no stack to tell.
 */
const SOLD = new AppError(409, 'sold', buyMessages.sold);
const NOT_ON_SALE = new AppError(409, 'not_on_sale', buyMessages.notOnSale);

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
 * The live item on screen when it is sold by draw (buyable-items.ts, from the show view in memory),
 * and entering its draw (draws/entrance.ts). `draw` is null when the view holds no draw for it.
 */
export interface DrawDesk {
  onScreen(showItemId: string): { draw: DrawOnScreen | null } | null;
  enter(userId: string, draw: DrawOnScreen): DrawEntered | Promise<DrawEntered>;
}

export interface SellerOptions {
  observe?: SellerObserver;
  itemCheck?: ItemCheck;
  eligibilityCheck?: EligibilityCheck;
  /** The eligibility rules for a member the sale chose (a draw's entrant, the next in line). */
  judge?: QuietJudge;
  draws?: DrawDesk;
  /** Who pressed Buy for an item, first first: where a declined winner's item goes next. */
  pressLine?: PressLine;
}

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
 * first tap's answer instead of racing it. An item sold by draw is not claimed by a press: the
 * press enters its draw, and the draw's close claims it for the entrant its order names.
 */
export function createSeller(deps: ServiceDeps, options: SellerOptions = {}) {
  const { observe = {}, itemCheck, eligibilityCheck, draws } = options;
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

  const charging = createCharging(deps, {
    known: { remember, forget: (itemId) => known.delete(itemId) },
    pressLine: options.pressLine,
    judge: options.judge,
  });
  const { charge, purchaseResponse } = charging;

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

  /** A press of the draw item on screen: the same eligibility check as a Buy, then the entry. */
  async function enter(userId: string, showItemId: string, draw: DrawOnScreen | null, desk: DrawDesk) {
    if (!draw) throw NOT_ON_SALE;
    const verdict = eligibilityCheck?.(userId, showItemId);
    if (verdict instanceof Promise) await verdict;
    return desk.enter(userId, draw);
  }

  return {
    /**
     * POST /api/show/buy: the same member buying the same item twice gets the same purchase; a
     * draw item's press is an entry (the same entry again for a second press).
     */
    async buy(userId: string, showItemId: string, idempotencyKey: string | null): Promise<BuyResponse | DrawEntered> {
      const drawn = draws?.onScreen(showItemId);
      if (draws && drawn) return enter(userId, showItemId, drawn.draw, draws);
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
    /** Charging a draw's entrant whose turn it is (draws/charging.ts). */
    sellDrawn: charging.sellDrawn,
    /** Waits for charges of the next in line still under way (the app closing). */
    idle: charging.idle,
  };
}

export type Seller = ReturnType<typeof createSeller>;

export { toBought } from './charging';
