import { every, RECONCILE_REFUNDS_EVERY_MS, takeTurn } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { type RefundReconcileReport, reconcileRefunds } from './refund-reconciler';

declare module 'fastify' {
  interface FastifyInstance {
    refunds: {
      /** Finishes refunds left pending by asking the gateway (see refund-reconciler.ts). */
      reconcile(options?: { pendingAfterMs?: number }): Promise<RefundReconcileReport>;
    };
  }
}

/** A refund younger than this may still have its request at the gateway: only older ones are asked about. */
const MIN_PENDING_MS = 30_000;

/**
 * The refund reconciler, on listen and every 10 s. Embedded, nothing else can be mid-refund at
 * start, so the first pass asks about every pending refund; scaled, only refunds older than any
 * live request could be, by one replica per period.
 */
export const refunds = fp(
  async (app: FastifyInstance) => {
    const staleAfterMs = Math.max(MIN_PENDING_MS, app.config.payments.timeoutMs * 2 + 5000);
    const reconcile = (options: { pendingAfterMs?: number } = {}) =>
      reconcileRefunds(app.deps, { pendingAfterMs: options.pendingAfterMs ?? staleAfterMs });
    app.decorate('refunds', { reconcile });

    const ourTurn = () =>
      takeTurn(app.redis, `${app.config.redisPrefix}:lock:reconcile-refunds`, RECONCILE_REFUNDS_EVERY_MS - 1000);
    const run = (options?: { pendingAfterMs?: number }) =>
      ourTurn()
        .then((mine) => (mine ? reconcile(options) : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'reconciling refunds failed'));

    let stop: (() => void) | undefined;
    app.addHook('onListen', async () => {
      stop = await apiBackground(app).start('refund-reconciler', async () => {
        await run(app.config.mode === 'embedded' ? { pendingAfterMs: 0 } : undefined);
        return every('refund-reconciler', () => void run());
      });
    });
    app.addHook('onClose', async () => {
      stop?.();
    });
  },
  { name: 'refunds', dependencies: ['infrastructure', 'service-deps'] },
);
