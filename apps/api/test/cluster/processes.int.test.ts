import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  createScratchDatabase,
  freePort,
  openTestRedis,
  type RunningProcess,
  simulatorEnv,
  startProcess,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';

const running: RunningProcess[] = [];
const start = (entry: string, env: Record<string, string>) => {
  const proc = startProcess(entry, env);
  running.push(proc);
  return proc;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

describe('embedded mode as a real process', () => {
  it('needs no configuration, keeps its data and secrets across a restart, and stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-embedded-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SERVE_WEB: 'false', LOG_LEVEL: 'info' };

    const first = start('apps/api/src/main.ts', env);
    await first.waitFor('Vault is running (embedded mode)');
    const password = first.output().match(/Demo admin: admin@vault\.local \/ (\S+)/)?.[1];
    expect(password).toBeTruthy();
    await first.waitFor('seeded demo data');
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(await first.stop()).toBe(0);

    const second = start('apps/api/src/main.ts', env);
    await second.waitFor('Vault is running (embedded mode)');
    // Logged after seeding, through the same log stream: by then a seed would have shown.
    await second.waitFor('Server listening');
    expect(second.output()).toContain(`Demo admin: admin@vault.local / ${password}`);
    expect(second.output()).not.toContain('seeded demo data');
    expect(await second.stop()).toBe(0);

    // The data really is on disk under DATA_DIR: open it directly once the app is gone.
    const pglite = new PGlite(path.join(dataDir, 'pgdata'));
    const shows = await pglite.query<{ kind: string; n: number }>(
      'select kind, count(*)::int as n from shows group by kind order by kind',
    );
    await pglite.close();
    expect(shows.rows).toEqual([
      { kind: 'live', n: 1 },
      { kind: 'test_products', n: 1 },
    ]);
  });

  it('refuses to start on a bad environment, naming every problem', async () => {
    const proc = start('apps/api/src/main.ts', { PORT: 'abc', SEED_DEMO: 'perhaps' });
    const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(proc.output()).toContain('PORT: must be a number');
    expect(proc.output()).toContain('SEED_DEMO: must be true or false');
  });
});

describe('scaled mode as real processes on Postgres and Redis', () => {
  it('runs an API and a worker against the same database and Redis', async () => {
    const database = await createScratchDatabase();
    const redis = await openTestRedis();
    try {
      const port = await freePort();
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: redis.prefix,
        ...vapidEnv(),
      };
      const api = start('apps/api/src/main.ts', {
        ...shared,
        ...simulatorEnv(),
        PORT: String(port),
        SERVE_WEB: 'false',
        SESSION_SECRET: 'a-test-secret-that-is-long-enough-1234',
        ADMIN_EMAIL: 'ops@vault.test',
        ADMIN_PASSWORD: 'ops-password',
      });
      const worker = start('apps/worker/src/main.ts', { ...shared, LOG_LEVEL: 'info' });
      await Promise.all([api.waitFor('Vault is running (scaled mode)'), worker.waitFor('worker started')]);

      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
      expect(api.output()).not.toContain('Demo admin');
      expect(await redis.redis.exists(`${redis.prefix}:maintenance:repeat:prune-sessions`)).toBe(1);

      expect(await worker.stop()).toBe(0);
      expect(await api.stop()).toBe(0);
    } finally {
      await redis.dispose();
      await database.drop();
    }
  });

  it('fails to start, loudly, when Redis is unreachable', async () => {
    const database = await createScratchDatabase();
    try {
      const api = start('apps/api/src/main.ts', {
        DATABASE_URL: database.url,
        REDIS_URL: 'redis://127.0.0.1:1',
        SESSION_SECRET: 'a-test-secret-that-is-long-enough-1234',
        ...simulatorEnv(),
        ...vapidEnv(),
        SERVE_WEB: 'false',
      });
      const code = await new Promise<number | null>((resolve) => api.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(api.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1\S* is unreachable/);
    } finally {
      await database.drop();
    }
  });
});
