import { createServer } from 'node:http';
import {
  ACCEPT_JS_PATH,
  createSimulator,
  migrateSimulator,
  REQUEST_API_PATH,
  SETTLEMENT_PATH,
  type Simulator,
  simulatorPlugin,
} from '@vault/authnet-simulator';
import type { PaymentConfigResponse } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditSpec } from '../audit';
import { type AuthNetClient, createAuthNetClient } from './authnet/client';
import { type CardGuard, createCardGuard } from './card-guard';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      client: AuthNetClient;
      /** What the browser needs to tokenise a card with Accept.js. */
      browserConfig: PaymentConfigResponse;
      /** Present in simulator mode. */
      simulator: Simulator | null;
    };
    /** Limits on card additions: attempts per member and per IP, and the lock after declines. */
    cardGuard: CardGuard;
  }
}

declare module '../core/deps' {
  interface ServiceDeps {
    /** The payment gateway: Authorize.Net, or the simulator standing in for it. */
    payments: AuthNetClient;
  }
}

const SIMULATOR_PREFIX = '/sandbox/authnet';
/** The simulator's gateway endpoint (Authorize.Net's /xml/v1/request.api) as mounted here. */
export const SIMULATOR_GATEWAY_ROUTE = `${SIMULATOR_PREFIX}${REQUEST_API_PATH}`;

/** What the simulator's controls (faults, the settlement batch) record in the audit log (audit/plugin.ts). */
const CONTROL_AUDIT: Record<string, AuditSpec> = {
  [`POST ${SIMULATOR_PREFIX}/faults`]: { action: 'payment_simulator.inject_fault', target: 'payment_simulator' },
  [`DELETE ${SIMULATOR_PREFIX}/faults`]: { action: 'payment_simulator.clear_faults', target: 'payment_simulator' },
  [`POST ${SIMULATOR_PREFIX}${SETTLEMENT_PATH}`]: { action: 'payment_simulator.settle', target: 'payment_simulator' },
};

const gateways = {
  sandbox: {
    api: 'https://apitest.authorize.net/xml/v1/request.api',
    acceptJs: 'https://jstest.authorize.net/v1/Accept.js',
  },
  production: {
    api: 'https://api.authorize.net/xml/v1/request.api',
    acceptJs: 'https://js.authorize.net/v1/Accept.js',
  },
} as const;

/**
 * The one payment client. In simulator mode it talks over real HTTP to the simulator mounted in
 * this same process (on a loopback port of its own), so the client code that runs
 * in development and tests is exactly the code that talks to Authorize.Net. Only simulator mode
 * mounts the simulator (@vault/authnet-simulator) and creates its tables; with the real gateway
 * neither its routes nor its authnet_sim_* tables exist.
 */
export const payments = fp(
  async (app: FastifyInstance) => {
    const config = app.config.payments;
    const auth = { name: config.apiLoginId, transactionKey: config.transactionKey };
    const simulated = config.mode === 'simulator';
    // The simulator's own loopback listener: gateway calls reach it over real HTTP, as they would
    // reach Authorize.Net, but not through the public listener, which a draining replica closes
    // while its in-flight Buys are still calling the gateway (platform/drain.ts).
    const loopback = simulated ? createServer((req, res) => app.routing(req, res)) : null;
    const endpoint = loopback
      ? () => {
          const address = loopback.address();
          if (!address || typeof address === 'string') throw new Error('The payment simulator is not listening yet');
          return `http://127.0.0.1:${address.port}${SIMULATOR_GATEWAY_ROUTE}`;
        }
      : gateways[config.env].api;
    if (loopback) {
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          loopback.once('error', reject);
          loopback.listen(0, '127.0.0.1', () => resolve());
        });
      });
      // Runs once the public server has closed, so no request of ours is still calling it.
      app.addHook('onClose', async () => {
        loopback.closeAllConnections();
        await new Promise((resolve) => loopback.close(resolve));
      });
    }
    let simulator: Simulator | null = null;
    if (simulated) {
      await migrateSimulator(app.database);
      simulator = createSimulator(
        app.database,
        { apiLoginId: config.apiLoginId, transactionKey: config.transactionKey, clientKey: config.clientKey },
        // Captures made before the cut-off settle at it (AUTHNET_SIM_SETTLEMENT_CUTOFF; unset: 23:00 UTC).
        { settlementCutoff: config.simulatorSettlementCutoff },
      );
      // A const for the closure below (the `let` above would read as possibly null there).
      const mounted = simulator;
      await app.register(async (scope) => {
        // The simulator's controls are admin actions of this app: they go in its audit log.
        // Declared here, so the simulator package knows nothing of the host's log.
        scope.addHook('onRoute', (route) => {
          const audit = CONTROL_AUDIT[`${route.method} ${route.url}`];
          if (audit) route.config = { ...route.config, audit };
        });
        await scope.register(simulatorPlugin, {
          prefix: SIMULATOR_PREFIX,
          simulator: mounted,
          requireAdmin: app.requireAdmin,
        });
      });
    }
    app.decorate('cardGuard', createCardGuard(app.rateLimiter, app.limits));
    app.decorate('payments', {
      client: createAuthNetClient({
        endpoint,
        auth,
        timeoutMs: config.timeoutMs,
        observe: app.metrics.gateway,
      }),
      browserConfig: {
        acceptJsUrl: simulated ? `${SIMULATOR_PREFIX}${ACCEPT_JS_PATH}` : gateways[config.env].acceptJs,
        clientKey: config.clientKey,
        apiLoginId: config.apiLoginId,
        simulator: simulated,
      },
      simulator,
    });
  },
  { name: 'payments', dependencies: ['infrastructure', 'rate-limits', 'auth', 'metrics'] },
);
