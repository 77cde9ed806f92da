import { DrawParams, ErrorBody, PublicDraw } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { publicDraw } from './public-draw';

/**
 * Anyone may read a draw (no session): a link to it is shared. Each read is two small queries, so
 * the limit per address only bounds load; the public page reads it once and verifies in the browser.
 */
const READ_LIMIT = { rateLimit: { max: 120, timeWindow: 60_000 } };

/** GET /api/draws/:showItemId — the public record of the item's latest draw (public-draw.ts). */
const drawRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:showItemId',
    { config: READ_LIMIT, schema: { params: DrawParams, response: { 200: PublicDraw, 404: ErrorBody } } },
    async (request) => publicDraw(app.db, request.params.showItemId),
  );
};

export default drawRoutes;
