import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backends } from '@vault/testing';
import { Redis } from 'ioredis';
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
  it('answers 503 naming the database when it stops answering', async () => {
    const t = await buildTestApp('pglite');
    await t.database.close();
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'down' },
      message: 'database is down',
      code: 'service_unavailable',
    });
    await t.app.close();
  });

  it('answers 503 naming Redis when it is unreachable', async () => {
    const t = await buildTestApp('postgres');
    // Point the app at a Redis that is not there: the ping hangs until the probe's timeout.
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: null });
    dead.on('error', () => {}); // connection refusals are the point of this test
    (t.app as unknown as { redis: Redis }).redis = dead;
    const res = await t.app.inject('/api/health/ready');
    dead.disconnect();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'down' },
      message: 'redis is down',
      code: 'service_unavailable',
    });
    await t.close();
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'vault-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vault SPA</title>');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    t = await buildTestApp('pglite', { config: { serveWeb: true, webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves index.html for any client route, so deep links and the 404 screen work', async () => {
    for (const url of ['/', '/show', '/admin/shows', '/some/unknown/path?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Vault SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
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
