import { FulfillmentSettings } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { fulfillmentSettings } from './shipments';

/** GET /api/fulfillment/settings: ship-by days, the return window and the authorisation warning, for the screens. */
const settingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireSession);

  app.get('/settings', { schema: { response: { 200: FulfillmentSettings } } }, async () =>
    fulfillmentSettings(app.config),
  );
};

export default settingsRoutes;
