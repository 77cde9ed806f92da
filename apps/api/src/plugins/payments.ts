import type { PaymentConfigResponse } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthNetClient, createAuthNetClient } from '../payments/authnet/client';
import { createSimulator, type Simulator } from '../payments/simulator/simulator';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      client: AuthNetClient;
      /** What the browser needs to tokenise a card with Accept.js. */
      browserConfig: PaymentConfigResponse;
      /** Present in simulator mode. */
      simulator: Simulator | null;
    };
  }
}

export const SIMULATOR_PREFIX = '/sandbox/authnet';

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
 * this same process (found through the port the server listens on), so the client code that runs
 * in development and tests is exactly the code that talks to Authorize.Net.
 */
export const payments = fp(
  async (app: FastifyInstance) => {
    const config = app.config.payments;
    const auth = { name: config.apiLoginId, transactionKey: config.transactionKey };
    const simulated = config.mode === 'simulator';
    const endpoint = simulated
      ? () => {
          const address = app.server.address();
          if (!address || typeof address === 'string')
            throw new Error('The payment simulator needs the server to be listening');
          return `http://127.0.0.1:${address.port}${SIMULATOR_PREFIX}/xml/v1/request.api`;
        }
      : gateways[config.env].api;
    app.decorate('payments', {
      client: createAuthNetClient({ endpoint, auth, timeoutMs: config.timeoutMs }),
      browserConfig: {
        acceptJsUrl: simulated ? `${SIMULATOR_PREFIX}/v1/Accept.js` : gateways[config.env].acceptJs,
        clientKey: config.clientKey,
        apiLoginId: config.apiLoginId,
        simulator: simulated,
      },
      simulator: simulated
        ? createSimulator(app.db, {
            apiLoginId: config.apiLoginId,
            transactionKey: config.transactionKey,
            clientKey: config.clientKey,
          })
        : null,
    });
  },
  { name: 'payments', dependencies: ['infrastructure'] },
);
