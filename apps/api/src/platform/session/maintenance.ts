import { pruneExpiredSessions } from '@vault/server';
import type { ServiceDeps } from '../../core/deps';

const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Embedded mode has no worker, so the API process prunes expired sessions itself.
 * (Scaled mode: the worker's maintenance queue does it, once for all replicas.)
 */
export function startEmbeddedMaintenance(deps: Pick<ServiceDeps, 'db' | 'log'>): () => void {
  const run = async () => {
    try {
      const count = await pruneExpiredSessions(deps.db, new Date());
      if (count > 0) deps.log.info({ count }, 'pruned expired sessions');
    } catch (error) {
      deps.log.warn({ err: error }, 'session pruning failed');
    }
  };
  void run();
  const timer = setInterval(run, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
