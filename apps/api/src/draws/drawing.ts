import type { Draw } from '@vault/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../core/db';
import {
  abandonedDraws,
  finishDraw,
  insertEntries,
  latestClaimOf,
  listEntries,
  markOutcome,
  renewLease,
  saveOrder,
  startDrawing,
  takeOverLease,
} from './draws.repository';
import type { DrawMetrics } from './metrics';
import type { EntryRegistry } from './registry';
import { drawOrder } from './rule';

/** How charging one entrant ended (the seller's sellDrawn, sales/charging.ts). */
export type DrawnSale =
  | { outcome: 'won'; purchaseId: string }
  | { outcome: 'declined' | 'skipped' | 'busy' | 'gone' | 'unsure' };

export interface DrawingDeps {
  db: Db;
  log: FastifyBaseLogger;
  now(): number;
  registry: EntryRegistry;
  pseudonym(drawId: string, userId: string): string;
  /** Claims the item for the entrant and charges them as a Buy winner is charged. */
  sell(args: { drawId: string; showItemId: string; userId: string }): Promise<DrawnSale>;
  /** Every screen reloads the show (and with it the draw). */
  notify(showId: string): Promise<void>;
  /** Delivers push_outbox rows after their statement committed (the entrants' draw_drawn). */
  kickPush(pushOutboxIds: string[]): void;
  metrics: Pick<DrawMetrics, 'closed'>;
  /** A drawing draw whose lease has not moved for this long is taken over (its replica died). */
  staleMs: number;
  /** An open draw this long past its close with nobody closing it is closed by the reconciler's pass. */
  overdueMs: number;
}

/**
 * Closing a draw and charging down its order. Every replica tries the close at the window's end;
 * the conditional open → drawing picks one, which closes the registry (no entry lands after it),
 * writes every entry, orders them by THE DRAW RULE, publishes the order, and charges entrant after
 * entrant until one is charged. Every step is written before the next begins and is conditional
 * on the draw's status and lease (updated_at), so a replica that dies mid-way leaves a draw the
 * reconciler's pass finishes where it stopped, and never one charged twice: claims and purchases
 * are exactly-once on their own.
 */
export function createDrawing(deps: DrawingDeps) {
  const { db, now, log } = deps;

  /** Closes the registry, writes every entry and stores the order (once; a resumed draw has it). */
  async function order(draw: Draw): Promise<number[]> {
    if (draw.drawOrder) return draw.drawOrder;
    const registered = await deps.registry.close(draw.id);
    await insertEntries(
      db,
      registered.map((entry) => ({
        drawId: draw.id,
        entryNumber: entry.entryNumber,
        userId: entry.userId,
        pseudonym: deps.pseudonym(draw.id, entry.userId),
        enteredAt: new Date(entry.enteredAt),
      })),
    );
    // The registry is the authority; what replicas wrote before it was lost (embedded, a restart) counts too.
    const entries = await listEntries(db, draw.id);
    const drawn = drawOrder(
      draw.seed,
      entries.map((entry) => entry.entryNumber),
    );
    await saveOrder(db, draw.id, drawn);
    return drawn;
  }

  async function finish(
    draw: Draw,
    status: 'drawn' | 'no_winner' | 'cancelled',
    winner?: { entryNumber: number; purchaseId: string },
  ) {
    const ended = await finishDraw(db, {
      drawId: draw.id,
      status,
      winnerEntryNumber: winner?.entryNumber,
      purchaseId: winner?.purchaseId,
      now: new Date(now()),
    });
    if (!ended) return;
    deps.kickPush(ended.pushIds);
    deps.metrics.closed(status);
    await deps.notify(draw.showId);
  }

  /**
   * Charges down the order from the first entrant not yet tried, holding the lease taken at
   * `lease`. Stops, leaving the draw drawing, when a charge has no answer yet (the reconciler
   * settles or releases that claim, then this resumes) or when the lease was lost.
   */
  async function chargeDown(draw: Draw, lease: Date): Promise<void> {
    let held = lease;
    const renew = async () => {
      const next = new Date(Math.max(now(), held.getTime()));
      const ok = await renewLease(db, draw.id, held, next);
      held = next;
      return ok;
    };
    const drawn = await order(draw);
    const entrants = new Map((await listEntries(db, draw.id)).map((entry) => [entry.entryNumber, entry]));
    for (const entryNumber of drawn) {
      const entry = entrants.get(entryNumber);
      if (!entry || entry.outcome) continue;
      if (!(await renew())) return;
      // A charge a stopped replica left behind decides this turn: settled, released, or still out.
      const prior = await latestClaimOf(db, {
        showItemId: draw.showItemId,
        userId: entry.userId,
        since: draw.openedAt,
      });
      const sale: DrawnSale =
        prior?.status === 'pending'
          ? { outcome: 'unsure' }
          : prior?.status === 'settled' && prior.purchaseId
            ? { outcome: 'won', purchaseId: prior.purchaseId }
            : prior?.status === 'released'
              ? { outcome: 'declined' }
              : await deps.sell({ drawId: draw.id, showItemId: draw.showItemId, userId: entry.userId });
      switch (sale.outcome) {
        case 'won':
          await markOutcome(db, draw.id, entryNumber, 'won');
          return finish(draw, 'drawn', { entryNumber, purchaseId: sale.purchaseId });
        case 'declined':
        case 'skipped':
          await markOutcome(db, draw.id, entryNumber, sale.outcome);
          continue;
        case 'gone':
          return finish(draw, 'cancelled');
        case 'busy':
        case 'unsure':
          log.info({ drawId: draw.id, entryNumber }, 'a draw waits for a charge without an answer yet');
          return;
      }
    }
    await finish(draw, 'no_winner');
  }

  /** Draws being worked on by this replica, finished before it closes. */
  const running = new Set<Promise<void>>();
  function track(work: Promise<void>, drawId: string): Promise<void> {
    const tracked = work.catch((error: unknown) =>
      log.error({ err: error, drawId }, 'a draw stopped; the reconciler resumes it'),
    );
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return tracked;
  }

  /** The window is over (this replica's timer): one replica wins the close and draws. */
  async function close(drawId: string): Promise<void> {
    const at = new Date(now());
    const draw = await startDrawing(db, drawId, at);
    if (!draw) return;
    // Screens show the window closed at once, while the order is worked out and charged.
    await deps.notify(draw.showId);
    await chargeDown(draw, at);
  }

  return {
    close: (drawId: string) => track(close(drawId), drawId),

    /**
     * The reconciler's pass: a draw left open past its close (no replica's timer closed it) is
     * closed, and one left drawing with a lease nobody renewed is taken over and resumed.
     */
    async finishAbandoned(): Promise<number> {
      const at = now();
      const draws = await abandonedDraws(db, new Date(at - deps.overdueMs), new Date(at - deps.staleMs));
      for (const { id, status } of draws) {
        if (status === 'open') {
          await track(close(id), id);
          continue;
        }
        const lease = new Date(now());
        const draw = await takeOverLease(db, id, new Date(at - deps.staleMs), lease);
        if (draw) await track(chargeDown(draw, lease), id);
      }
      return draws.length;
    },

    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type Drawing = ReturnType<typeof createDrawing>;
