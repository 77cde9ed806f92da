import { OrderList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { memberOrderViews } from './orders';

/** The member's orders, as the Orders tab of account settings lists them: one per purchase, newest first. */
const orders: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { response: { 200: OrderList } } }, async (request) =>
    memberOrderViews(app.deps, requireUser(request).id),
  );
};

export default orders;
