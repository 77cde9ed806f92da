import { every, RECONCILE_CLAIMS_EVERY_MS, takeTurn } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { type AttemptCounter, createAttemptCounter } from './attempts';
import { type BuyableItem, createBuyableItems } from './buyable-items';
import type { QuietJudge } from './charging';
import { createEligibilityCheck } from './eligibility-check';
import { type MeteredSeller, meterSeller } from './metrics';
import { createPressBudget, type PressBudget } from './press-budget';
import { type ReconcileReport, reconcileClaims } from './reconciler';
import { createSeller } from './seller';
import { listTestProducts } from './test-products.repository';

declare module 'fastify' {
  interface FastifyInstance {
    sales: {
      /** Every press counted in the metrics, by outcome and transport. */
      seller: MeteredSeller;
      /** Buy presses per member and per socket on this replica, spent before any query. */
      budget: PressBudget;
      /** Buy presses per item, flushed every second and on close (the show report's demand). */
      attempts: Pick<AttemptCounter, 'flush'>;
      /** The items a Buy may name on this replica (the live lineup and the test products), with their classes. */
      buyable: { items(): BuyableItem[] };
      /**
       * Settles or releases claims left pending (a crash, a lost answer; see reconciler.ts), then
       * finishes draws no replica closed or finished (draws/drawing.ts).
       */
      reconcile(options?: { pendingAfterMs?: number }): Promise<ReconcileReport>;
    };
  }
}

/**
 * Selling: the seller behind POST /api/show/buy, the bus hints that let every instance refuse
 * buyers of a claimed item from memory, and the reconciler — at start and every 5 s. Embedded,
 * nothing else can be mid-sale at start, so every pending claim is settled then; scaled, only
 * claims older than any live request could be are touched, by one replica at a time.
 */
export const sales = fp(
  async (app: FastifyInstance) => {
    const attempts = createAttemptCounter({ db: app.db, log: app.log });
    const buyable = createBuyableItems({
      view: (now) => app.shows.store.view(now),
      onChange: (listener) => {
        app.shows.store.on('change', listener);
        return () => app.shows.store.off('change', listener);
      },
      loadTestProducts: () => listTestProducts(app.db),
      now: Date.now,
      onError: (error) => app.log.error({ err: error }, 'loading the test products for Buy failed'),
      missReloadMs: app.limits.buyPresses.unknownItemReloadMs,
    });
    // The rules for a member the sale chose (a draw's entrant, the next in line): they pressed
    // nothing now, so a refusal is not counted as a refused press.
    const judge: QuietJudge = async (userId, showItemId) => {
      const item = buyable.item(showItemId);
      if (!item) return { ok: true, basis: null };
      const decision = await app.eligibility.judge.judge(userId, item);
      return decision.ok ? { ok: true, basis: decision.basis } : { ok: false };
    };
    const seller = meterSeller(
      createSeller(app.deps, {
        observe: { claim: app.metrics.claim },
        itemCheck: buyable.check,
        eligibilityCheck: createEligibilityCheck({ ...app.eligibility, item: buyable.item }),
        judge,
        draws: { onScreen: buyable.drawOnScreen, enter: app.draws.entrance.enter },
        pressLine: app.presses.line,
      }),
      app.metrics,
      attempts,
      app.draws.metrics.entered,
    );
    const budget = createPressBudget(app.limits.buyPresses);
    const staleAfterMs = app.config.payments.timeoutMs * 2 + 5000;
    const reconcile = async (options: { pendingAfterMs?: number } = {}) => {
      const report = await reconcileClaims(app.deps, {
        pendingAfterMs: options.pendingAfterMs ?? staleAfterMs,
        recheckAfterMs: staleAfterMs,
      });
      app.metrics.reconciled(report);
      // After the claims: a draw waiting on a claim's answer continues once the claim is resolved.
      await app.draws
        .finishAbandoned()
        .catch((error: unknown) => app.log.error({ err: error }, 'finishing abandoned draws failed'));
      return report;
    };
    app.decorate('sales', {
      seller,
      budget,
      reconcile,
      buyable: { items: buyable.items },
      attempts: {
        flush: async () => {
          await attempts.flush();
          await app.eligibility.refusals.flush();
        },
      },
    });
    // Presses refused by the eligibility rules are Buy presses too: written with the rest.
    const flushAttempts = () =>
      Promise.all([attempts.flush(), app.eligibility.refusals.flush()]).catch((error: unknown) =>
        app.log.error({ err: error }, 'flushing buy attempts failed'),
      );
    const background = apiBackground(app);
    const stopFlusher = background.every('buy-attempt-flush', () => void flushAttempts());

    /** One replica per period (the steps are conditional anyway; this only saves gateway calls). */
    const ourTurn = () =>
      takeTurn(app.redis, `${app.config.redisPrefix}:lock:reconcile`, RECONCILE_CLAIMS_EVERY_MS - 1000);

    let stopReconciler: (() => void) | undefined;
    let unsubscribe: (() => Promise<void>) | undefined;
    let unfollowShow: (() => void) | undefined;
    app.addHook('onReady', async () => {
      // After the show engine's own onReady: its snapshot is loaded by then.
      unfollowShow = await buyable.start();
      unsubscribe = await app.bus.subscribe('sales', (message) => {
        if (message.type === 'item.claimed') seller.onClaimed(message.showItemId, message.userId);
        if (message.type === 'item.released') seller.onReleased(message.showItemId);
        if (message.type === 'test-products.changed') buyable.reload();
      });
    });
    // The first pass waits for the server to listen: embedded, nothing else is mid-sale by then.
    app.addHook('onListen', async () => {
      const run = (options?: { pendingAfterMs?: number }) =>
        ourTurn()
          .then((mine) => (mine ? reconcile(options) : undefined))
          .catch((error: unknown) => app.log.error({ err: error }, 'reconciling sale claims failed'));
      stopReconciler = await background.start('claim-reconciler', async () => {
        await run(app.config.mode === 'embedded' ? { pendingAfterMs: 0 } : undefined);
        return every('claim-reconciler', () => void run());
      });
    });
    app.addHook('onClose', async () => {
      stopReconciler?.();
      stopFlusher();
      // Charges of the next in line after a decline, still under way.
      await seller.idle();
      unfollowShow?.();
      await unsubscribe?.();
      // The last second's presses. The database is closed by the app's owner after app.close().
      await flushAttempts();
    });
  },
  {
    name: 'sales',
    dependencies: [
      'infrastructure',
      'metrics',
      'service-deps',
      'show-engine',
      'rate-limits',
      'eligibility',
      'draws',
      'presses',
    ],
  },
);
