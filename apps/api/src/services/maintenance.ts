import { pruneExpiredSessions } from '@vault/server';
import type { FastifyInstance } from 'fastify';

const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Embedded mode has no worker, so the API process prunes expired sessions itself.
 * (Scaled mode: the worker's maintenance queue does it, once for all replicas.)
 */
export function startEmbeddedMaintenance(app: FastifyInstance): () => void {
  const run = async () => {
    try {
      const count = await pruneExpiredSessions(app.db, new Date());
      if (count > 0) app.log.info({ count }, 'pruned expired sessions');
    } catch (error) {
      app.log.warn({ err: error }, 'session pruning failed');
    }
  };
  void run();
  const timer = setInterval(run, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
