import {
  AdminReturn,
  AdminReturnList,
  ApproveReturnBody,
  DeclineReturnBody,
  ErrorBody,
  fulfillmentMessages,
  ReturnListQuery,
} from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { adminReturns, decideReturn } from './returns';

const Params = z.object({ id: z.uuid(fulfillmentMessages.returnNotFound) });
const answers = { 200: AdminReturn, 404: ErrorBody, 409: ErrorBody };

/** Admin: the returns members asked for, and each one's decision, receipt at the warehouse. */
const adminReturnRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { querystring: ReturnListQuery, response: { 200: AdminReturnList } } }, async (request) =>
    adminReturns(app.deps, request.query.status),
  );

  app.post(
    '/:id/approve',
    {
      config: { audit: { action: 'return.approve', target: 'return' } },
      schema: { params: Params, body: ApproveReturnBody, response: answers },
    },
    async (request) =>
      decideReturn(app.deps, request.params.id, requireUser(request).id, {
        action: 'approve',
        instructions: request.body.instructions || undefined,
      }),
  );

  app.post(
    '/:id/decline',
    {
      config: { audit: { action: 'return.decline', target: 'return' } },
      schema: { params: Params, body: DeclineReturnBody, response: answers },
    },
    async (request) =>
      decideReturn(app.deps, request.params.id, requireUser(request).id, {
        action: 'decline',
        message: request.body.message,
      }),
  );

  app.post(
    '/:id/receive',
    {
      config: { audit: { action: 'return.receive', target: 'return' } },
      schema: { params: Params, response: answers },
    },
    async (request) => decideReturn(app.deps, request.params.id, requireUser(request).id, { action: 'receive' }),
  );
};

export default adminReturnRoutes;
