import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  createScratchDatabase,
  freePort,
  type LinkProxy,
  msUntil,
  openTestRedis,
  type RunningProcess,
  startLinkProxy,
  startProcess,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A URL whose host:port is a link proxy in front of the original one. */
async function behindLink(url: string): Promise<{ url: string; link: LinkProxy }> {
  const parsed = new URL(url);
  const link = await startLinkProxy({ target: { port: Number(parsed.port) } });
  cleanups.push(() => link.close());
  parsed.hostname = '127.0.0.1';
  parsed.port = String(link.port);
  return { url: parsed.toString(), link };
}

function startWorker(env: Record<string, string>): RunningProcess {
  const worker = startProcess('apps/worker/src/main.ts', { LOG_LEVEL: 'info', ...vapidEnv(), ...env });
  cleanups.push(() => worker.stop());
  return worker;
}

async function probe(port: number): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json(), ms: Math.round(performance.now() - started) };
}

/** Probes until the status is `status`; returns how long that took. */
async function untilStatus(port: number, status: number, deadlineMs: number): Promise<number> {
  let last = 0;
  const answered = async () => {
    last = (await probe(port)).status;
    return last === status;
  };
  const ms = await msUntil(answered, {
    within: deadlineMs,
    every: 100,
    what: () => `a ${status} (still ${last})`,
  });
  return Math.round(ms);
}

describe('the worker health port', () => {
  it('answers 200 while Postgres and Redis answer, 503 naming the one that hangs, and 200 once it is back', async () => {
    const database = await createScratchDatabase();
    cleanups.push(() => database.drop());
    const redis = await openTestRedis();
    cleanups.push(() => redis.dispose());
    const postgresLink = await behindLink(database.url);
    const redisLink = await behindLink(TEST_REDIS_URL);
    const port = await freePort();
    const worker = startWorker({
      DATABASE_URL: postgresLink.url,
      REDIS_URL: redisLink.url,
      REDIS_PREFIX: redis.prefix,
      WORKER_HEALTH_PORT: String(port),
    });
    await worker.waitFor('worker started');

    expect(await probe(port)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
    });
    const wrongPath = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
    expect([wrongPath.status, await wrongPath.json()]).toEqual([404, { message: 'Not found' }]);

    // A hung dependency (nothing crosses the link, no socket closes) is the case a probe must not hang on.
    const outages = [
      { name: 'database', link: postgresLink.link, checks: { database: 'down', redis: 'ok' } },
      { name: 'redis', link: redisLink.link, checks: { database: 'ok', redis: 'down' } },
    ] as const;
    for (const outage of outages) {
      const outageMs = 3000;
      outage.link.blackhole(outageMs);
      const outageEnds = performance.now() + outageMs;
      const down = await probe(port);
      expect(down).toMatchObject({
        status: 503,
        body: { status: 'unavailable', checks: outage.checks, message: `${outage.name} is down` },
      });
      // Within the check's deadline (0.5 s) plus slack, and well inside compose's 5 s healthcheck timeout.
      expect(down.ms).toBeLessThan(1000);
      console.log(`[chaos] worker /health answers 503 with ${outage.name} hung: ${down.ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - performance.now())));
      const recovered = await untilStatus(port, 200, 15_000);
      console.log(`[chaos] worker /health back to 200 after ${outage.name} returned: ${recovered} ms`);
    }

    expect(await worker.stop()).toBe(0);
    expect(worker.output()).toContain('SIGTERM received, shutting down');
    await expect(probe(port)).rejects.toThrow();
  });

  it('refuses to start, loudly, when its health port is taken', async () => {
    const database = await createScratchDatabase();
    cleanups.push(() => database.drop());
    const redis = await openTestRedis();
    cleanups.push(() => redis.dispose());
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as { port: number }).port;

    const worker = startWorker({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redis.prefix,
      WORKER_HEALTH_PORT: String(port),
    });
    const code = await new Promise<number | null>((resolve) => worker.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(worker.output()).toContain(`health port ${port} is unavailable: EADDRINUSE`);
  });
});
