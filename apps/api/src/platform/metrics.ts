import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiMetrics, createApiMetrics } from '../core/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics & {
      /**
       * Serves GET /metrics on a listener of its own (never the public port, which members reach
       * through the proxy); closed with the app. Resolves to the port it bound (0 = any free one).
       */
      listen(options: { host: string; port: number }): Promise<number>;
    };
  }
}

/**
 * Prometheus metrics of this replica. Registered first, so every plugin after it can record into
 * `app.metrics`. Every HTTP request is timed by its route pattern (never the raw URL: ids in
 * paths would make a series per item); a request that matched no route is counted as `unmatched`.
 */
export const metrics = fp(
  async (app: FastifyInstance) => {
    const recorder = createApiMetrics();
    let server: Server | null = null;

    async function listen(options: { host: string; port: number }): Promise<number> {
      if (server) throw new Error('the metrics listener is already open');
      const listener = createServer((request, response) => {
        const { pathname } = new URL(request.url ?? '/', 'http://metrics');
        if (pathname !== '/metrics' || request.method !== 'GET') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        recorder.registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': recorder.registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'collecting metrics failed');
            response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed\n');
          },
        );
      });
      // Only Prometheus talks to this port, and never slowly.
      listener.requestTimeout = 10_000;
      listener.headersTimeout = 10_000;
      await new Promise<void>((resolve, reject) => {
        listener.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            new Error(
              `metrics port ${options.port} is unavailable (${error.code ?? error.message}): set METRICS_PORT (0 = any free port) or METRICS_ENABLED=false`,
            ),
          ),
        );
        listener.listen(options.port, options.host, () => resolve());
      });
      server = listener;
      return (listener.address() as AddressInfo).port;
    }

    app.decorate('metrics', { ...recorder, listen });

    app.addHook('onResponse', (request, reply, done) => {
      recorder.http(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    // Registered first, so closed last: a replica stays scrapable while it drains.
    app.addHook('onClose', async () => {
      const open = server;
      if (!open) return;
      server = null;
      await new Promise<void>((resolve) => {
        open.close(() => resolve());
        // A scraper's keep-alive connection would otherwise hold close() open.
        open.closeAllConnections();
      });
    });
  },
  { name: 'metrics' },
);
