import { ErrorBody, MemberReturn, ReturnBody } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../platform/current-user';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { requestReturn } from './returns';

/**
 * Per address, counted before the body is read: a member asks for a return a few times a year, so
 * this only bounds what a script could write; a household behind one address stays far below it.
 */
const REQUEST_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** A member's return request for one of their delivered purchases. */
const returns: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.authenticate);

  app.post(
    '/',
    {
      config: REQUEST_LIMIT,
      schema: { body: ReturnBody, response: { 201: MemberReturn, 404: ErrorBody, 409: ErrorBody } },
    },
    async (request, reply) =>
      reply.status(201).send(await requestReturn(app.deps, requireUser(request).id, request.body)),
  );
};

export default returns;
