import { authMessages } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isOwnOrigin, originOf, publicOriginOf } from '../lib/origin';
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from './notifications';
import { SIMULATOR_GATEWAY_ROUTE } from './payments';

const CROSS_SITE = new AppError(403, 'origin_rejected', authMessages.crossSite);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a state-changing request must come from our own origin,
 * proven by its Origin header (or, failing that, Referer). "Our origin" is PUBLIC_URL, or the
 * origin the request itself was sent to (so http://127.0.0.1:3000 works as well as localhost);
 * a foreign page cannot forge either header. Together with SameSite=Lax and JSON-only bodies.
 */
export const originCheck = fp(
  async (app: FastifyInstance) => {
    const publicOrigin = publicOriginOf(app.config);

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      // The payment simulator's gateway endpoint stands in for Authorize.Net: it is called
      // server-to-server (and by Accept.js from the browser) and never reads our cookies. The
      // exemption is safe only because that endpoint authenticates every request like the gateway
      // does — the secret transaction key for everything except securePaymentContainerRequest,
      // which takes the public client key and only turns card data into a single-use token — so a
      // cross-site request can do nothing a stranger without the key could not do anyway. Exactly
      // that route: the simulator's cookie-authenticated admin fault controls stay checked.
      if (request.routeOptions.url === SIMULATOR_GATEWAY_ROUTE) return;
      // The emailed one-click unsubscribe (RFC 8058): a mail provider POSTs it from its own
      // servers, with no Origin of ours. Safe to exempt because it reads no cookie and acts for no
      // session: its unguessable token (192 random bits, in the URL) is the whole authority, and
      // all it can do is end the one reminder subscription that token was emailed for.
      if (request.routeOptions.url === ONE_CLICK_UNSUBSCRIBE_ROUTE) return;
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (isOwnOrigin(origin, request, publicOrigin)) return;
      request.log.warn(
        { origin: request.headers.origin, referer: request.headers.referer },
        'cross-site request refused',
      );
      throw CROSS_SITE;
    });
  },
  { name: 'origin-check', dependencies: ['infrastructure'] },
);
