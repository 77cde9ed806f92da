import { authMessages } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import { isOwnOrigin, originOf, publicOriginOf } from './origin';

const CROSS_SITE = new AppError(403, 'origin_rejected', authMessages.crossSite);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie sessions: a state-changing request must come from our own origin,
 * proven by its Origin header (or, failing that, Referer). "Our origin" is PUBLIC_URL, or the
 * origin the request itself was sent to (so http://127.0.0.1:3000 works as well as localhost);
 * a foreign page cannot forge either header. Together with SameSite=Lax and JSON-only bodies.
 */
export interface OriginCheckOptions {
  /**
   * Routes (as registered) that a request from another origin may call: each must read no cookie
   * and need no session, its authority being a key or token it carries itself.
   */
  crossSiteRoutes: ReadonlyArray<string>;
}

export const originCheck = fp(
  async (app: FastifyInstance, options: OriginCheckOptions) => {
    const crossSite = new Set(options.crossSiteRoutes);
    const publicOrigin = publicOriginOf(app.config);

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (crossSite.has(request.routeOptions.url ?? '')) return;
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
