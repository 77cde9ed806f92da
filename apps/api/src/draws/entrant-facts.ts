import type { Db } from '../core/db';
import { type EntrantFacts, loadEntrantFacts as loadFacts } from './draws.repository';

export type { EntrantFacts };

/** Member ids per query: a burst's batch, or a replica's sockets warmed in chunks. */
const BATCH_LIMIT = 1_000;

interface Waiter {
  userId: string;
  resolve(facts: EntrantFacts | undefined): void;
  reject(error: unknown): void;
}

/**
 * Members' facts for entering the current draw, from memory. Entering must cost the live show no
 * query per entrant, so the facts of the members watching on this replica are loaded when a draw
 * opens (warm), and a member not held yet (an HTTP-only entrant) joins a batch: the presses of one
 * turn of the event loop are one query, and while it runs the next presses gather for the next.
 *
 * Only a member who may enter is held, and only for the draw at hand: one refused for no card who
 * saves one is asked about afresh on their next press, and nothing outlives the draw. What changes
 * during the window (a card removed, a suspension) is checked again when their turn is charged.
 */
export function createEntrantFacts(db: Db) {
  let heldFor: string | null = null;
  let held = new Map<string, EntrantFacts>();
  /** Presses waiting for the next batch, by show (in practice the one live show). */
  let queue = new Map<string, Waiter[]>();
  let running: Promise<void> | null = null;

  const mayEnter = (facts: EntrantFacts) => facts.onboarded && facts.hasCard && !facts.suspended;

  function forDraw(drawId: string) {
    if (heldFor !== drawId) {
      heldFor = drawId;
      held = new Map();
    }
  }

  function keep(drawId: string, loaded: Map<string, EntrantFacts>) {
    if (heldFor !== drawId) return;
    for (const [userId, facts] of loaded) if (mayEnter(facts)) held.set(userId, facts);
  }

  async function runBatch(drawId: string) {
    const batch = queue;
    queue = new Map();
    for (const [showId, waiters] of batch) {
      const ids = [...new Set(waiters.map((w) => w.userId))];
      try {
        const loaded = new Map<string, EntrantFacts>();
        for (let start = 0; start < ids.length; start += BATCH_LIMIT) {
          for (const [id, facts] of await loadFacts(db, showId, ids.slice(start, start + BATCH_LIMIT)))
            loaded.set(id, facts);
        }
        keep(drawId, loaded);
        for (const waiter of waiters) waiter.resolve(loaded.get(waiter.userId));
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
  }

  function schedule(drawId: string) {
    if (running) return;
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runBatch(drawId))
      .finally(() => {
        running = null;
        // Presses that came while the query ran: the next batch.
        if (queue.size > 0) schedule(drawId);
      });
  }

  return {
    /** The member's facts: from memory when held (no promise), else through the next batch; undefined for no such member. */
    get(userId: string, drawId: string, showId: string): EntrantFacts | Promise<EntrantFacts | undefined> {
      forDraw(drawId);
      const facts = held.get(userId);
      if (facts) return facts;
      return new Promise((resolve, reject) => {
        const waiters = queue.get(showId) ?? [];
        waiters.push({ userId, resolve, reject });
        queue.set(showId, waiters);
        schedule(drawId);
      });
    },
    /** Loads the facts of members likely to enter (those watching here) ahead of their presses. */
    async warm(userIds: readonly string[], drawId: string, showId: string): Promise<void> {
      forDraw(drawId);
      const missing = userIds.filter((id) => !held.has(id));
      for (let start = 0; start < missing.length; start += BATCH_LIMIT) {
        keep(drawId, await loadFacts(db, showId, missing.slice(start, start + BATCH_LIMIT)));
      }
    },
  };
}

export type EntrantFactsCache = ReturnType<typeof createEntrantFacts>;
