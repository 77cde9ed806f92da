import { type Background, backgroundIn } from '@vault/server';
import type { FastifyInstance } from 'fastify';

/**
 * This API process's background work (packages/server/src/background/registry.ts says what runs
 * where): scaled when it has Redis — other replicas and the workers to share the work with —
 * embedded otherwise.
 */
export function apiBackground(app: FastifyInstance): Background {
  return backgroundIn('api', app.redis ? 'scaled' : 'embedded');
}
