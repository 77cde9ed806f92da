import { ErrorBody, HeartCount, HeartParams, HeartsQuery, HeartsView } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { setHeart, showHearts } from './hearts';

/**
 * Hearts on an upcoming or live show's items: members mark what they want before the drop, and
 * admins see the demand. PUT and DELETE rather than a toggle: each says the state it wants, so a
 * double tap or a retried request on a bad link lands where the member meant.
 */
const hearts: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { querystring: HeartsQuery, response: { 200: HeartsView } } }, async (request) =>
    showHearts(app.deps, request.query.showId, requireUser(request).id),
  );

  const schema = { params: HeartParams, response: { 200: HeartCount, 404: ErrorBody } };
  app.put('/:showItemId', { schema }, async (request) =>
    setHeart(app.deps, request.params.showItemId, requireUser(request).id, true),
  );
  app.delete('/:showItemId', { schema }, async (request) =>
    setHeart(app.deps, request.params.showItemId, requireUser(request).id, false),
  );
};

export default hearts;
