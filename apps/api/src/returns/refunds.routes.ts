import { AdminRefund, ErrorBody, purchaseMessages, RefundBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { refundPurchase } from './refunds';

const Params = z.object({ purchaseId: z.uuid(purchaseMessages.notFound) });

/** Admin: money back on a captured purchase (a credit of a settled capture, or its void). */
const adminRefundRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.post(
    '/:purchaseId/refund',
    {
      config: { audit: { action: 'purchase.refund', target: 'purchase' } },
      schema: {
        params: Params,
        body: RefundBody,
        response: { 201: AdminRefund, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await refundPurchase(app.deps, request.params.purchaseId, request.body, requireUser(request).id)),
  );
};

export default adminRefundRoutes;
