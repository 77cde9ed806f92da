import { type DependencyName, HealthResponse, ReadinessResponse } from '@vault/contracts';
import { withTimeout } from '@vault/server';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from '../../lib/zod-provider';

const CHECK_TIMEOUT_MS = 2000;

/** Liveness (the process answers) and readiness (its dependencies answer). */
const health: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/', { schema: { response: { 200: HealthResponse } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/ready',
    { schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse } } },
    async (_request, reply) => {
      // A replica shutting down takes itself out of the load balancer's rotation first.
      if (app.drain.draining)
        return reply.status(503).send({ status: 'unavailable' as const, checks: {}, message: 'shutting down' });
      const probes: Array<[DependencyName, () => Promise<unknown>]> = [['database', () => app.database.ping()]];
      const { redis } = app;
      if (redis) probes.push(['redis', () => redis.ping()]);
      // A hung dependency reads as down after the timeout instead of hanging the probe.
      const results = await Promise.all(
        probes.map(async ([name, probe]) => {
          const ok = await withTimeout(probe(), CHECK_TIMEOUT_MS, name).then(
            () => true,
            () => false,
          );
          return [name, ok ? ('ok' as const) : ('down' as const)] as const;
        }),
      );
      const checks: ReadinessResponse['checks'] = Object.fromEntries(results);
      const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
      if (down.length === 0) return { status: 'ok' as const, checks };
      const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`;
      return reply.status(503).send({ status: 'unavailable' as const, checks, message });
    },
  );
};

export default health;
