import { type ErrorCode, HealthResponse, ReadinessResponse, readinessMessages } from '@vault/contracts';
import { checkReadiness } from '@vault/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from './zod-provider';

const UNAVAILABLE = 'service_unavailable' satisfies ErrorCode;

/** Liveness (the process answers) and readiness (its dependencies answer). */
const health: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { schema: { response: { 200: HealthResponse } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/ready',
    { schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse } } },
    async (_request, reply) => {
      // A replica shutting down takes itself out of the load balancer's rotation first.
      if (app.drain.draining) {
        return reply.status(503).send({
          status: 'unavailable' as const,
          checks: {},
          message: readinessMessages.shuttingDown,
          code: UNAVAILABLE,
        });
      }
      const { redis } = app;
      const readiness = await checkReadiness({
        database: () => app.database.ping(),
        ...(redis ? { redis: () => redis.ping() } : {}),
      });
      if (readiness.status === 'ok') return readiness;
      return reply.status(503).send({ ...readiness, code: UNAVAILABLE });
    },
  );
};

export default health;
