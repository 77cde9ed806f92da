import { AuditPage, AuditQuery } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { auditPage } from './audit-page';

/** Admin: the audit log of admin actions, newest first, a page at a time (keyset by id). */
const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/', { schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (request) =>
    auditPage(app.deps, request.query),
  );
};

export default auditRoutes;
