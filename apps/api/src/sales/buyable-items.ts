import { setTimeout as sleep } from 'node:timers/promises';
import { buyMessages, type LegalClass, type ShowStateView } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { DrawOnScreen } from '../draws';

/** A made-up id: one refusal object, answered from memory (no stack worth capturing). */
const NOT_FOUND = new AppError(404, 'not_found', buyMessages.notFound);

export interface BuyableItemsDeps {
  /** The show as this replica holds it in memory (live-show/clock.ts), and its changes. */
  view(now: number): ShowStateView;
  onChange(listener: () => void): () => void;
  loadTestProducts(): Promise<BuyableItem[]>;
  now(): number;
  onError(error: unknown): void;
  /** An id nobody here knows, while no show is live, looks for a new test product at most this often. */
  missReloadMs: number;
}

/** An item a Buy may name, with what decides who may buy it. */
export interface BuyableItem {
  id: string;
  legalClass: LegalClass | null;
  bladeLength: string | null;
}

/**
 * Which ids a Buy may take to the database, from memory. Every press of an unknown id used to cost
 * a claim and an explain query on the item's gate, so a member pressing Buy on made-up ids held
 * back everyone else's Buy. Now only ids of real items go on: the live (or next) show's lineup as
 * this replica's snapshot holds it, and the $1 test products. The whole lineup rather than the one
 * item on screen: the snapshot trails the database by a bus hop, and the next item must not be
 * refused in the moment it comes on sale; the database still decides (not on sale, sold, a cap),
 * and the press budget bounds what a real id can cost.
 *
 * Test products are added by admins, relisting and seeding, possibly on another replica, so their
 * set is reloaded whenever the show changes, and an id nobody knows while no show is live (when
 * test products sell) waits for a reload that began after it — one query a second per replica at
 * most, however many presses. While a show is live an unknown id is answered at once: no test
 * product is on sale then.
 */
export function createBuyableItems(deps: BuyableItemsDeps) {
  let lineup = new Map<string, BuyableItem>();
  let live = false;
  /** The live item on screen when it is sold by draw, with its draw as the view holds it. */
  let drawItem: { id: string; draw: DrawOnScreen | null } | null = null;
  let testProducts = new Map<string, BuyableItem>();
  let loading: Promise<void> | null = null;
  let nextForMiss: Promise<void> | null = null;
  let lastMissLoad = Number.NEGATIVE_INFINITY;

  function readShow() {
    const view = deps.view(deps.now());
    lineup = new Map(view.show?.lineup.map((item) => [item.id, item]));
    live = view.show?.status === 'running' || view.show?.status === 'paused';
    const item = view.currentItem;
    const show = view.show;
    drawItem =
      item && show && item.saleMode === 'draw'
        ? {
            id: item.id,
            draw: item.draw && {
              id: item.draw.id,
              showId: show.id,
              showItemId: item.id,
              closesAt: item.draw.closesAt,
              status: item.draw.status,
              purchaseCap: show.purchaseCap,
            },
          }
        : null;
  }

  function load(): Promise<void> {
    const started = deps.loadTestProducts().then((items) => {
      testProducts = new Map(items.map((item) => [item.id, item]));
    });
    const tracked = started.finally(() => {
      if (loading === tracked) loading = null;
    });
    loading = tracked;
    return tracked;
  }

  function reload() {
    load().catch(deps.onError);
  }

  /** Resolves after a load that started after this call (coalesced, one per missReloadMs). */
  function loadForMiss(): Promise<void> {
    if (!nextForMiss) {
      const wait = Math.max(0, lastMissLoad + deps.missReloadMs - deps.now());
      nextForMiss = sleep(wait).then(() => {
        nextForMiss = null;
        lastMissLoad = deps.now();
        return load();
      });
    }
    return nextForMiss;
  }

  const known = (itemId: string) => lineup.has(itemId) || testProducts.has(itemId);

  async function afterLoad(itemId: string): Promise<void> {
    if (live) {
      // A reload under way (the show just changed) may be the one that knows it.
      if (loading) await loading;
    } else {
      await loadForMiss();
    }
    if (!known(itemId)) throw NOT_FOUND;
  }

  return {
    /** Reads the show now and follows its changes; loads the test products once. */
    async start(): Promise<() => void> {
      readShow();
      const off = deps.onChange(() => {
        readShow();
        reload();
      });
      await load();
      return off;
    },
    /**
     * Nothing for a real item (the common case costs a set lookup and no await); otherwise a
     * promise that rejects with 404 once memory, or a bounded reload, says the id is no item.
     */
    check(itemId: string): Promise<void> | undefined {
      return known(itemId) ? undefined : afterLoad(itemId);
    },
    /** Reads the test products again (one was added or edited, on any replica). */
    reload,
    /** The item's legal class and blade length as this replica holds them (after `check`). */
    item(itemId: string): BuyableItem | undefined {
      return lineup.get(itemId) ?? testProducts.get(itemId);
    },
    /**
     * The item when it is the live item on screen and sold by draw (a press enters its draw, see
     * seller.ts), with its draw; null for any other item. From memory: no await, no query.
     */
    drawOnScreen(itemId: string): { draw: DrawOnScreen | null } | null {
      return drawItem?.id === itemId ? drawItem : null;
    },
    /** The live (or next) show's lineup and every test product: what a member's eligibility covers. */
    items(): BuyableItem[] {
      return [...lineup.values(), ...testProducts.values()];
    },
  };
}

export type BuyableItems = ReturnType<typeof createBuyableItems>;
