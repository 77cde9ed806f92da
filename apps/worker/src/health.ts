import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyName, ReadinessResponse } from '@vault/contracts';
import { withTimeout } from '@vault/server';

/** Below the compose healthcheck's own timeout (5 s), so the probe answers 503 rather than being cut off. */
const CHECK_TIMEOUT_MS = 2000;

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

type Probes = Partial<Record<DependencyName, () => Promise<unknown>>>;

/**
 * The worker serves no HTTP, so a container runtime cannot tell a wedged worker from a working
 * one. GET /health answers 200 when Postgres and Redis answer within CHECK_TIMEOUT_MS, else 503
 * naming what is down: the same body as the API's /api/health/ready. It asks the dependencies at
 * the moment of the probe (a heartbeat key would only say the worker once reached Redis, and
 * nothing about Postgres), and an answer at all shows the event loop is not stuck.
 */
export async function startHealthServer(options: { port: number; probes: Probes }): Promise<HealthServer> {
  const server = createServer((request, response) => {
    void answer(request, response, options.probes);
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

async function answer(request: IncomingMessage, response: ServerResponse, probes: Probes): Promise<void> {
  const send = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  const { pathname } = new URL(request.url ?? '/', 'http://worker');
  if (pathname !== '/health') return send(404, { message: 'Not found' });
  if (request.method !== 'GET') return send(405, { message: 'Use GET' });
  send(...(await checkDependencies(probes)));
}

async function checkDependencies(probes: Probes): Promise<[number, ReadinessResponse]> {
  const results = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      // A hung dependency reads as down after the timeout instead of hanging the probe.
      const ok = await withTimeout(probe(), CHECK_TIMEOUT_MS, name).then(
        () => true,
        () => false,
      );
      return [name as DependencyName, ok ? ('ok' as const) : ('down' as const)] as const;
    }),
  );
  const checks: ReadinessResponse['checks'] = Object.fromEntries(results);
  const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
  if (down.length === 0) return [200, { status: 'ok', checks }];
  const message = `${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`;
  return [503, { status: 'unavailable', checks, message }];
}
