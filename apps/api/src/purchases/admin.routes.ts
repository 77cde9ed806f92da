import { AdminPurchase, AdminShowItem, ErrorBody, purchaseMessages, RelistBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { settlePurchase } from './purchases';
import { relistPurchase } from './relist';

const Params = z.object({ purchaseId: z.uuid(purchaseMessages.notFound) });

/** Admin: capture (priorAuthCaptureTransaction → completed) or void an authorised purchase; relist a voided one's item. */
const adminPurchases: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  for (const action of ['capture', 'void'] as const) {
    app.post(
      `/:purchaseId/${action}`,
      {
        config: { audit: { action: `purchase.${action}`, target: 'purchase' } },
        schema: { params: Params, response: { 200: AdminPurchase, 409: ErrorBody, 502: ErrorBody } },
      },
      async (request) => settlePurchase(app.deps, request.params.purchaseId, action),
    );
  }

  // A voided purchase's item on sale again, into a show's lineup or as a test product (once).
  app.post(
    '/:purchaseId/relist',
    {
      config: { audit: { action: 'purchase.relist', target: 'purchase' } },
      schema: { params: Params, body: RelistBody, response: { 201: AdminShowItem, 409: ErrorBody } },
    },
    async (request, reply) =>
      reply.status(201).send(await relistPurchase(app.deps, request.params.purchaseId, request.body)),
  );
};

export default adminPurchases;
