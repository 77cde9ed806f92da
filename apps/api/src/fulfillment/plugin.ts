import { BUNDLE_SHIPMENTS_EVERY_MS, every, RECONCILE_CAPTURES_EVERY_MS, takeTurn } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../platform/background';
import { type BundleReport, bundleShipments } from './bundler';
import { type CaptureReconcileReport, reconcileCaptures } from './reconciler';

declare module 'fastify' {
  interface FastifyInstance {
    fulfillment: {
      /** One bundler pass: waiting purchases into packages, ship-by days re-dated (bundler.ts). */
      bundle(): Promise<BundleReport>;
      /** Settles purchases stuck pending and packages stuck shipping (reconciler.ts). */
      reconcile(options?: { pendingAfterMs?: number; shippingAfterMs?: number }): Promise<CaptureReconcileReport>;
    };
  }
}

/** A package left in `shipping` this long had its Mark shipped interrupted. */
const SHIPPING_STALE_MS = 2 * 60_000;

/**
 * After the sale: the bundler (every few seconds, and before the admin's list answers) and the
 * capture reconciler. Scaled, each runs on one replica per period (the Redis lock), though every
 * step is conditional anyway: the lock only saves work and gateway calls. Embedded, the first
 * reconciler pass settles every pending capture at once: nothing else can be mid-capture then.
 */
export const fulfillment = fp(
  async (app: FastifyInstance) => {
    // A capture and the question that may follow it each have the gateway's timeout.
    const pendingStaleMs = Math.max(30_000, app.config.payments.timeoutMs * 2 + 5000);
    const bundle = () => bundleShipments(app.deps);
    const reconcile = (options: { pendingAfterMs?: number; shippingAfterMs?: number } = {}) =>
      reconcileCaptures(app.deps, {
        pendingAfterMs: options.pendingAfterMs ?? pendingStaleMs,
        shippingAfterMs: options.shippingAfterMs ?? SHIPPING_STALE_MS,
      });
    app.decorate('fulfillment', { bundle, reconcile });

    const background = apiBackground(app);
    const prefix = app.config.redisPrefix;
    const ourTurn = (name: string, periodMs: number) => takeTurn(app.redis, `${prefix}:lock:${name}`, periodMs - 1000);
    let stops: Array<() => void> = [];
    // Passes in flight, awaited on close: none may outlive the database it works on.
    const inFlight = new Set<Promise<unknown>>();
    const track = (pass: Promise<unknown>) => {
      inFlight.add(pass);
      void pass.finally(() => inFlight.delete(pass));
    };
    app.addHook('onListen', async () => {
      const bundler = () =>
        track(
          ourTurn('shipment-bundler', BUNDLE_SHIPMENTS_EVERY_MS)
            .then((mine) => (mine ? bundle() : undefined))
            .catch((error: unknown) => app.log.error({ err: error }, 'bundling shipments failed')),
        );
      const reconciler = (options?: { pendingAfterMs?: number; shippingAfterMs?: number }) =>
        track(
          ourTurn('capture-reconciler', RECONCILE_CAPTURES_EVERY_MS)
            .then((mine) => (mine ? reconcile(options) : undefined))
            .catch((error: unknown) => app.log.error({ err: error }, 'reconciling captures failed')),
        );
      const stopBundler = background.start('shipment-bundler', () => {
        bundler();
        return every('shipment-bundler', bundler);
      });
      const stopReconciler = background.start('capture-reconciler', () => {
        const embedded = app.config.mode === 'embedded';
        reconciler(embedded ? { pendingAfterMs: 0, shippingAfterMs: 0 } : undefined);
        return every('capture-reconciler', () => reconciler());
      });
      stops = [stopBundler, stopReconciler];
    });
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
      await Promise.all(inFlight);
    });
  },
  { name: 'fulfillment', dependencies: ['infrastructure', 'service-deps'] },
);
