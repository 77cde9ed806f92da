import { PurchaseList } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { memberPurchases } from './purchases';

/** The member's purchase history, newest first. */
const purchases: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.get('/', { schema: { response: { 200: PurchaseList } } }, async (request) =>
    memberPurchases(app.deps, requireUser(request).id),
  );
};

export default purchases;
