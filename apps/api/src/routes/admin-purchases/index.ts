import { AdminPurchase, ErrorBody, purchaseMessages } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../../lib/route-access';
import type { ZodTypeProvider } from '../../lib/zod-provider';
import { settlePurchase } from '../../services/purchases';

const Params = z.object({ purchaseId: z.uuid(purchaseMessages.notFound) });

/** Admin: capture (priorAuthCaptureTransaction → completed) or void an authorised purchase. */
const adminPurchases: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  for (const action of ['capture', 'void'] as const) {
    app.post(
      `/:purchaseId/${action}`,
      { schema: { params: Params, response: { 200: AdminPurchase, 409: ErrorBody, 502: ErrorBody } } },
      async (request) => settlePurchase(app.deps, request.params.purchaseId, action),
    );
  }
};

export default adminPurchases;
