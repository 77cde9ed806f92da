import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ReadinessResponse, readinessMessages } from '@vault/contracts';
import { type ReadinessProbes, readinessCheck } from '@vault/server';
import type { Registry } from 'prom-client';

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export interface HealthServerOptions {
  port: number;
  probes: ReadinessProbes;
  /** Served as GET /metrics (Prometheus text format) when given. */
  metrics?: Registry;
}

/**
 * The worker serves no HTTP, so a container runtime cannot tell a wedged worker from a working
 * one. GET /health answers 200 when Postgres and Redis answer, else 503 naming what is down (a
 * worker without them cannot run the clock or send email; unlike an API replica, which still
 * serves): the same body as the API's /api/health/ready. It asks the dependencies at the moment
 * of the probe (a heartbeat key would only say the worker once reached Redis, and nothing about
 * Postgres) and answers within readinessCheck's deadline even when one hangs; an answer at all
 * shows the event loop is not stuck. GET /metrics on the same port is for Prometheus; the port is
 * the container's own, never published.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  const checkDependencies = readinessCheck(options.probes, { whenDown: 'unavailable' });
  const server = createServer((request, response) => {
    void answer(request, response, options, checkDependencies);
  });
  // Only probes talk to this port: none of them needs a slow request.
  server.requestTimeout = 5000;
  server.headersTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`health port ${options.port} is unavailable: ${error.code ?? error.message}`)),
    );
    // All interfaces: an orchestrator may probe the container's address rather than loopback.
    server.listen(options.port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A probe's keep-alive connection would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  options: HealthServerOptions,
  checkDependencies: () => Promise<ReadinessResponse>,
): Promise<void> {
  const send = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  const { pathname } = new URL(request.url ?? '/', 'http://worker');
  const { metrics } = options;
  if (pathname === '/metrics' && metrics) {
    if (request.method !== 'GET') return send(405, { message: readinessMessages.useGet });
    const text = await metrics.metrics();
    response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
    response.end(text);
    return;
  }
  if (pathname !== '/health') return send(404, { message: readinessMessages.notFound });
  if (request.method !== 'GET') return send(405, { message: readinessMessages.useGet });
  const readiness = await checkDependencies();
  send(readiness.status === 'ok' ? 200 : 503, readiness);
}
