import { buyMessages, type DrawEntered, type DrawStatus, drawMessages, memberMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import { SIGNED_OUT } from '../platform/current-user';
import type { EntrantFacts, EntrantFactsCache } from './entrant-facts';
import type { EntryWriter } from './entry-writer';
import type { EnterResult, EntryRegistry } from './registry';

/** The current item's draw as this replica's show view holds it: what an entry is judged against. */
export interface DrawOnScreen {
  id: string;
  showId: string;
  showItemId: string;
  /** Epoch ms; null while the show is paused. */
  closesAt: number | null;
  status: DrawStatus;
  purchaseCap: number | null;
}

/** One refusal object each, answered from memory in a burst (no stack worth capturing). */
const CLOSED = new AppError(409, 'draw_closed', drawMessages.closed);
const PAUSED = new AppError(409, 'not_on_sale', buyMessages.notOnSale);
const NOT_ONBOARDED = new AppError(403, 'onboarding_required', buyMessages.onboardingRequired);
const NO_CARD = new AppError(403, 'payment_method_required', buyMessages.paymentMethodRequired);
const SUSPENDED = new AppError(403, 'buying_suspended', drawMessages.suspended);

/** Entries this replica took, kept for the member's own view of the draw; one draw's worth. */
const HELD_LIMIT = 200_000;

/**
 * Entering a draw through Buy: the same refusals as a Buy (signed in, onboarded, a saved card, the
 * cap; the eligibility rules and the press budget come before, in the seller and the routes), then
 * the registry numbers the member — or gives them their number again. No query: the member's facts
 * come from memory (entrant-facts.ts) and the entry is written behind, in a batch.
 */
export function createEntrance(deps: {
  registry: EntryRegistry;
  writer: EntryWriter;
  facts: EntrantFactsCache;
  pseudonym(drawId: string, userId: string): string;
  now(): number;
  /** Each entry taken: whether it was the member's first. */
  entered?(first: boolean): void;
}) {
  /** `${drawId} ${userId}` → entry number, for entries taken here. */
  const held = new Map<string, number>();

  function refusal(facts: EntrantFacts | undefined, draw: DrawOnScreen): AppError | null {
    if (!facts) return SIGNED_OUT;
    if (!facts.onboarded) return NOT_ONBOARDED;
    if (!facts.hasCard) return NO_CARD;
    if (facts.suspended) return SUSPENDED;
    if (draw.purchaseCap !== null && facts.bought >= draw.purchaseCap) {
      return new AppError(409, 'purchase_cap_reached', memberMessages.capReached(draw.purchaseCap));
    }
    return null;
  }

  function answer(draw: DrawOnScreen, userId: string, result: EnterResult): DrawEntered {
    if (result.closed) throw CLOSED;
    if (result.first) {
      if (held.size >= HELD_LIMIT) held.clear();
      held.set(`${draw.id} ${userId}`, result.entryNumber);
      deps.writer.add({
        drawId: draw.id,
        entryNumber: result.entryNumber,
        userId,
        pseudonym: deps.pseudonym(draw.id, userId),
        enteredAt: new Date(result.enteredAt),
      });
    }
    deps.entered?.(result.first);
    return { entered: true, entryNumber: result.entryNumber, drawId: draw.id, first: result.first };
  }

  function register(draw: DrawOnScreen, userId: string, receivedAt: number, facts: EntrantFacts | undefined) {
    const refused = refusal(facts, draw);
    if (refused) throw refused;
    const result = deps.registry.enter(draw.id, userId, receivedAt);
    return result instanceof Promise ? result.then((r) => answer(draw, userId, r)) : answer(draw, userId, result);
  }

  return {
    /**
     * Enters the member into the draw on screen, or refuses them as a Buy would. Synchronous when
     * the member's facts are held and the registry is in memory (embedded).
     */
    enter(userId: string, draw: DrawOnScreen): DrawEntered | Promise<DrawEntered> {
      const receivedAt = deps.now();
      if (draw.status !== 'open') throw CLOSED;
      if (draw.closesAt === null) throw PAUSED;
      if (receivedAt >= draw.closesAt) throw CLOSED;
      const facts = deps.facts.get(userId, draw.id, draw.showId);
      return facts instanceof Promise
        ? facts.then((loaded) => register(draw, userId, receivedAt, loaded))
        : register(draw, userId, receivedAt, facts);
    },
    /** The member's entry number if they entered through this replica (no I/O). */
    entryHeld(drawId: string, userId: string): number | null {
      return held.get(`${drawId} ${userId}`) ?? null;
    },
  };
}

export type Entrance = ReturnType<typeof createEntrance>;
