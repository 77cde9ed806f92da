import { every, pruneExpiredSessions } from '@vault/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from '../background';

/**
 * Embedded mode has no worker, so the API process prunes expired sessions itself: once when it
 * is ready, then every 15 minutes. (Scaled mode: the worker's maintenance queue does it, once for
 * all replicas; see the background registry.)
 */
export const sessionPruning = fp(
  async (app: FastifyInstance) => {
    const background = apiBackground(app);
    if (!background.runsHere('session-pruning')) return;
    const run = async () => {
      try {
        const count = await pruneExpiredSessions(app.db, new Date());
        if (count > 0) app.log.info({ count }, 'pruned expired sessions');
      } catch (error) {
        app.log.warn({ err: error }, 'session pruning failed');
      }
    };
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = background.start('session-pruning', () => {
        void run();
        return every('session-pruning', () => void run());
      });
    });
    app.addHook('onClose', async () => stop?.());
  },
  { name: 'session-pruning', dependencies: ['infrastructure'] },
);
