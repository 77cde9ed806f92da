import { type CardToTokenize, type GatewayReply, type OpaqueData, tokenizeCard as tokenizeAt } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { SIMULATOR_GATEWAY_ROUTE } from '../../src/payments/plugin';

// The simulated gateway an app mounts, reached over real HTTP as Accept.js reaches it. The
// gateway client itself (postGateway, the simulator's tables) is @vault/testing's.
export {
  type CardToTokenize,
  type GatewayJson,
  type GatewayReply,
  postGateway,
  SIM_TABLES,
  simulatorState,
} from '@vault/testing';

/** The base URL of an app listening on loopback (`listen: true`). */
export function listenUrl(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The simulator's gateway endpoint of an app listening on loopback (`listen: true`). */
export function gatewayEndpoint(app: FastifyInstance): string {
  return `${listenUrl(app)}${SIMULATOR_GATEWAY_ROUTE}`;
}

/**
 * What Accept.js does in the browser: card data to the (simulated) gateway of a listening app,
 * a one-time token back. Authenticates with the app's public client key unless `auth` is given.
 * `opaqueData` is the token when the gateway said Ok; callers check `json.messages` themselves.
 */
export function tokenizeCard(
  app: FastifyInstance,
  card: CardToTokenize,
  options: { auth?: { name: string; clientKey?: string }; id?: string } = {},
): Promise<GatewayReply & { opaqueData: OpaqueData }> {
  return tokenizeAt(gatewayEndpoint(app), app.config.payments, card, options);
}
