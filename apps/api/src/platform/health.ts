import { type ErrorCode, HealthResponse, ReadinessResponse, readinessMessages } from '@vault/contracts';
import { readinessCheck } from '@vault/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from './zod-provider';

const UNAVAILABLE = 'service_unavailable' satisfies ErrorCode;

/**
 * The load balancer and the container runtime call these every few seconds on every replica: a
 * request line for each was a third of an idle replica's log. At warn, a check that fails (a 5xx
 * the error handler logs) still shows.
 */
const PROBE_LOG_LEVEL = 'warn';

/**
 * Liveness (the process answers) and readiness (it takes traffic). Readiness is 200 while the
 * replica is up and not draining, whatever its dependencies do: Postgres and Redis are shared by
 * every replica, so failing readiness on them would take all replicas out of the load balancer at
 * once — a site-wide 503 from the proxy — while each could still serve the show from memory and
 * answer its own 503 to a request that needs the missing dependency. The body still names what is
 * down ('degraded'), and answers within the check's deadline even when a dependency hangs.
 */
const health: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, redis } = app;
  const checkDependencies = readinessCheck(
    {
      database: () => database.ping(),
      ...(redis ? { redis: () => redis.ping() } : {}),
    },
    { whenDown: 'degraded' },
  );

  app.get('/', { logLevel: PROBE_LOG_LEVEL, schema: { response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { logLevel: PROBE_LOG_LEVEL, schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse } } },
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
      return checkDependencies();
    },
  );
};

export default health;
