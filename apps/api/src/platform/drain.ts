import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiBackground } from './background';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export interface Drain {
  /** True from the moment a shutdown begins: readiness answers 503 and connections are not kept. */
  readonly draining: boolean;
  /**
   * A step to take once the listener is closed, before app.close(). Steps run last-registered
   * first, like onClose hooks: a plugin drains before the plugins it depends on.
   */
  onDrain(step: (deadline: number) => Promise<void>): void;
  /**
   * Begins the shutdown; resolves when every step is done and `holdMs` have passed since the
   * listener closed, or when the deadline (epoch ms) passed.
   */
  start(deadline: number, options?: { holdMs?: number }): Promise<void>;
}

/**
 * A replica's graceful exit behind a load balancer (SIGTERM on a rolling deploy):
 * 1. it stops accepting connections, so the proxy's next connect is refused and retried on another
 *    replica at once (HAProxy: retries + redispatch), and its health check marks this one down;
 * 2. requests still arriving on open keep-alive connections are served in full, answered with
 *    `Connection: close`, and readiness says 503 to any check that still gets through;
 * 3. the drain steps run (sockets are asked to reconnect, after their Buys are answered);
 * 4. app.close() then waits for in-flight requests: a Buy in progress completes (or, past the
 *    deadline, is left to the reconciler of another replica).
 */
export const drain = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    const steps: Array<(deadline: number) => Promise<void>> = [];

    app.decorate('drain', {
      get draining() {
        return draining;
      },
      onDrain(step) {
        steps.unshift(step);
      },
      async start(deadline, options = {}) {
        if (draining) return;
        draining = true;
        const closedAt = Date.now();
        // Stops the listener (and closes idle keep-alive connections); app.close() calls it again
        // later, which only waits for the remaining connections to end.
        if (app.server.listening) app.server.close();
        // Node closes the connections idle at close() only. One busy then (a long-poll answered
        // by Engine.IO, which Fastify's hooks never see) would sit idle for the keep-alive
        // timeout and hold app.close(): close whatever has gone idle since, until the process ends.
        apiBackground(app).every('idle-connection-sweep', () => app.server.closeIdleConnections());
        for (const step of steps) {
          if (Date.now() >= deadline) break;
          try {
            await step(deadline);
          } catch (error) {
            app.log.warn({ err: error }, 'a drain step failed');
          }
        }
        // Refusing, not gone, until the proxy has marked this replica down (DRAIN_HOLD_MS).
        const holdUntil = Math.min(deadline, closedAt + (options.holdMs ?? 0));
        if (holdUntil > Date.now()) await new Promise((resolve) => setTimeout(resolve, holdUntil - Date.now()));
      },
    } satisfies Drain);

    app.addHook('onRequest', (_request, reply, done) => {
      // One request per connection from here on: the client's next one opens a new connection,
      // which the proxy sends to a replica that is staying.
      if (draining) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'drain' },
);
