import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  backends,
  createScratchDatabase,
  type LinkProxy,
  msUntil,
  openTestRedis,
  type Stack,
  startLinkProxy,
  startStack,
  TEST_REDIS_URL,
} from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/app-error';
import { buildTestApp, type TestApp } from '../test-app';

describe.each(backends)('health and error handling on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      prepare(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.get('/api/test/conflict', async () => {
          throw new AppError(409, 'sold', 'This knife has already been sold');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers liveness', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports each dependency as ready', async () => {
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    const expected = backend === 'postgres' ? { database: 'ok', redis: 'ok' } : { database: 'ok' };
    expect(res.json()).toEqual({ status: 'ok', checks: expected });
  });

  it('turns AppError into its status and { message, code }', async () => {
    const res = await t.app.inject('/api/test/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This knife has already been sold', code: 'sold' });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'server_error' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/no-such-thing not found', code: 'not_found' });
  });
});

describe('readiness when a dependency is down', () => {
  it('stays ready (200, degraded) naming the database when it stops answering', async () => {
    const t = await buildTestApp('pglite');
    await t.database.close();
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', checks: { database: 'down' }, message: 'database is down' });
    await t.app.close();
  });

  it('answers 503 shutting down once the replica drains, so the load balancer takes it out', async () => {
    const t = await buildTestApp('postgres');
    try {
      await t.app.drain.start(Date.now() + 1000);
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: {},
        message: 'shutting down',
        code: 'service_unavailable',
      });
    } finally {
      await t.close();
    }
  });

  it('stays up, refusing new connections, for the hold after its listener closed, and never past the deadline', async () => {
    const held = await buildTestApp('postgres');
    try {
      await held.app.listen({ host: '127.0.0.1', port: 0 });
      const address = held.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const started = performance.now();
      const draining = held.app.drain.start(Date.now() + 5000, { holdMs: 600 });
      // Refused at once while held: a proxy retries elsewhere instead of waiting out a connect timeout.
      await sleep(100);
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'answered',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(refused).toBe('ECONNREFUSED');
      await draining;
      expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    } finally {
      await held.close();
    }
    const bounded = await buildTestApp('postgres');
    try {
      const started = performance.now();
      await bounded.app.drain.start(Date.now() + 200, { holdMs: 5000 });
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await bounded.close();
    }
  });
});

interface Answer {
  status: number;
  body: unknown;
  ms: number;
  /** Its X-Request-Id: the id the replica's log lines for it carry. */
  id: string;
}

describe('a replica as a real process, its Postgres and Redis behind links that fail', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let stack: Stack;
  const links = {} as Record<'database' | 'redis', LinkProxy>;

  beforeAll(async () => {
    const database = await createScratchDatabase();
    cleanups.push(() => database.drop());
    const redis = await openTestRedis();
    cleanups.push(() => redis.dispose());
    /** The same server, through a link of its own that the test can cut. */
    const throughLink = async (name: keyof typeof links, url: string) => {
      const linked = new URL(url);
      links[name] = await startLinkProxy({ target: { port: Number(linked.port) } });
      cleanups.push(() => links[name].close());
      linked.hostname = '127.0.0.1';
      linked.port = String(links[name].port);
      return linked.toString();
    };
    stack = await startStack({
      mode: 'scaled',
      workers: 0,
      services: {
        databaseUrl: database.url,
        redisUrl: TEST_REDIS_URL,
        redisPrefix: redis.prefix,
        apiDatabaseUrl: await throughLink('database', database.url),
        apiRedisUrl: await throughLink('redis', TEST_REDIS_URL),
      },
      env: { LOG_LEVEL: 'info' },
    });
    cleanups.push(() => stack.stop());
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const get = async (path: string): Promise<Answer> => {
    const started = performance.now();
    const res = await fetch(`${stack.url}${path}`, { signal: AbortSignal.timeout(10_000) });
    const body: unknown = await res.json();
    return { status: res.status, body, ms: performance.now() - started, id: res.headers.get('x-request-id') ?? '' };
  };

  it('stays ready, answering within 1 s, while Postgres or Redis hangs or refuses, naming what is down', async () => {
    expect(await get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
    });
    // A hung dependency (nothing crosses the link, no socket closes) is the one a check could wait
    // on; a refused one (every connection reset, new ones refused) is a stopped server.
    for (const name of ['database', 'redis'] as const) {
      for (const [kind, state] of [
        ['blackhole', 'hung'],
        ['reset', 'refusing connections'],
      ] as const) {
        const outageMs = 2500;
        links[name][kind](outageMs);
        const outageEnds = performance.now() + outageMs;
        const answers: Answer[] = [];
        for (let i = 0; i < 3; i++) answers.push(await get('/api/health/ready'));
        const slowest = Math.max(...answers.map((a) => a.ms));
        console.log(`[chaos] /api/health/ready with ${name} ${state}: slowest of 3 answers ${slowest.toFixed(0)} ms`);
        for (const answer of answers) {
          expect(answer).toMatchObject({
            status: 200,
            body: {
              status: 'degraded',
              checks: { database: 'ok', redis: 'ok', [name]: 'down' },
              message: `${name} is down`,
            },
          });
        }
        expect(slowest).toBeLessThan(1000);
        await sleep(Math.max(0, outageEnds - performance.now()));
        await msUntil(async () => ((await get('/api/health/ready')).body as { status?: string }).status === 'ok', {
          within: 15_000,
          every: 100,
          what: `readiness ok once the ${name} link is back`,
        });
      }
    }
  });

  it('logs no line for a health check at LOG_LEVEL=info, and still one for any other request', async () => {
    const checks: Answer[] = [];
    for (let i = 0; i < 3; i++) checks.push(await get('/api/health'), await get('/api/health/ready'));
    const other = await get('/api/auth/user');
    expect(other.status).toBe(401);
    // Lines are written in order: once the later request's line is out, any of the checks' would be.
    const [api] = stack.apis;
    if (!api) throw new Error('the stack has no API process');
    await api.waitFor(other.id, 5000);
    for (const check of checks) {
      expect(check.id).not.toBe('');
      expect(api.output()).not.toContain(check.id);
    }
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'vault-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vault SPA</title>');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    mkdirSync(path.join(dist, 'routes'));
    writeFileSync(path.join(dist, 'routes', 'show.html'), '<!doctype html><title>Vault SPA, /show preloaded</title>');
    t = await buildTestApp('pglite', { config: { serveWeb: true, webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves index.html for any client route, so deep links and the 404 screen work', async () => {
    for (const url of ['/', '/show', '/admin/shows', '/some/unknown/path?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Vault SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("serves a route's own document where the build has one (its code preloaded), revalidated like index.html", async () => {
    for (const url of ['/show', '/show?from=push']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/show preloaded');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/show/', '/shows', '/admin/shows']) {
      expect((await t.app.inject(url)).body, url).not.toContain('preloaded');
    }
  });

  it('serves static files as themselves', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('User-agent: *');
  });

  it('never answers an API path or a non-GET with the SPA', async () => {
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: '/show',
      payload: {},
      headers: { origin: 'http://localhost:3000' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('message');
  });

  it('refuses to start when the build is missing', async () => {
    await expect(buildTestApp('pglite', { config: { serveWeb: true, webDist: '/nonexistent' } })).rejects.toThrow(
      /not built/,
    );
  });
});
