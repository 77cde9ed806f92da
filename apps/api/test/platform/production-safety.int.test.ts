import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
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

/**
 * The API as an operator runs it, as real processes: what production writes to its log, whom it
 * makes an admin, what it seeds, and which ports it needs. Embedded mode (PGlite under a fresh
 * DATA_DIR) unless the case is about scaled mode.
 */
const running: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

const API = 'apps/api/src/main.ts';
const ADMIN_PASSWORD = 'operators-Secret-pw-1';
const MEMBER_PASSWORD = 'members-Secret-pw-2';

async function embedded(extra: Record<string, string> = {}, dataDir = mkdtempSync(path.join(tmpdir(), 'vault-prod-'))) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const proc = startProcess(API, {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
    ...extra,
  });
  running.push(proc);
  return { proc, port, baseUrl, dataDir };
}

const production = { NODE_ENV: 'production', AUTHNET_MODE: 'simulator' };
const exitCode = (proc: RunningProcess) =>
  proc.child.exitCode !== null
    ? Promise.resolve(proc.child.exitCode)
    : new Promise<number | null>((resolve) => proc.child.once('exit', resolve));

async function post(baseUrl: string, url: string, body: unknown, cookie = '') {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/** Reads DATA_DIR's database once the app is gone (PGlite has one owner at a time). */
async function inspect<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('production writes no working credential to its log', () => {
  it('with MAIL_TRANSPORT=log: reset and verification links lose their tokens, no password is logged, and every start warns', async () => {
    const env = { ...production, MAIL_TRANSPORT: 'log', ADMIN_EMAIL: 'ops@vault.test', ADMIN_PASSWORD };
    const first = await embedded(env);
    await first.proc.waitFor('Vault is running');

    // A stranger asks for the admin's reset link, and someone registers.
    expect((await post(first.baseUrl, '/api/auth/forgot-password', { email: 'ops@vault.test' })).status).toBe(200);
    const registered = await post(first.baseUrl, '/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Member',
      email: 'ada@vault.test',
      password: MEMBER_PASSWORD,
    });
    expect(registered.status).toBe(201);
    await first.proc.waitFor(
      /reset-password\?token=\S+[\s\S]*verify\?token=|verify\?token=\S+[\s\S]*reset-password\?token=/,
    );

    const log = first.proc.output();
    expect(log).toContain(`${first.baseUrl}/reset-password?token=[redacted]`);
    expect(log).toContain(`${first.baseUrl}/api/auth/verify?token=[redacted]`);
    // No token of any kind, in the text or in the links field.
    expect(log.match(/token=(?!\[redacted\])/g)).toBeNull();
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toContain(MEMBER_PASSWORD);
    expect(log).not.toContain('Demo admin');
    expect(log).toMatch(/"level":40[^\n]*MAIL_TRANSPORT=log in production/);
    expect(await first.proc.stop()).toBe(0);

    const second = await embedded(env, first.dataDir);
    // Logged through pino's stream, which may trail the banner: waited for, not just read.
    await second.proc.waitFor(/"level":40[^\n]*MAIL_TRANSPORT=log in production/);
  }, 150_000);

  it('without SMTP_URL and without MAIL_TRANSPORT=log it exits non-zero before serving, saying what to set', async () => {
    const { proc } = await embedded({ ...production });
    expect(await exitCode(proc)).toBe(1);
    expect(proc.output()).toContain('SMTP_URL: NODE_ENV=production sends email through SMTP_URL');
    expect(proc.output()).toContain('MAIL_TRANSPORT=log');
    expect(proc.output()).not.toContain('Vault is running');
  });

  it('without ADMIN_EMAIL it creates no admin, prints no password and seeds nothing', async () => {
    const { proc, dataDir } = await embedded({ ...production, MAIL_TRANSPORT: 'log' });
    await proc.waitFor('Vault is running');
    await proc.waitFor('Server listening');
    expect(proc.output()).not.toContain('Demo admin');
    expect(proc.output()).not.toContain('seeded demo data');
    expect(proc.output()).toMatch(/"level":40[^\n]*no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(await proc.stop()).toBe(0);

    const found = await inspect(dataDir, async (db) => ({
      users: (await db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n,
      items: (await db.query<{ n: number }>('select count(*)::int as n from show_items')).rows[0]?.n,
      shows: (await db.query<{ kind: string }>('select kind from shows')).rows.map((r) => r.kind),
    }));
    // The empty $1 shop every install has; no demo show, no demo knives, nobody.
    expect(found).toEqual({ users: 0, items: 0, shows: ['test_products'] });
  }, 120_000);
});

describe('the demo admin of an earlier start', () => {
  it('is demoted, its password and session void, once ADMIN_EMAIL names another account', async () => {
    const demo = await embedded({ SEED_DEMO: 'false' });
    await demo.proc.waitFor('Vault is running');
    const demoPassword = demo.proc.output().match(/Demo admin: admin@vault\.local \/ (\S+)/)?.[1] ?? '';
    expect(demoPassword).not.toBe('');
    const signedIn = await post(demo.baseUrl, '/api/auth/login', {
      email: 'admin@vault.local',
      password: demoPassword,
    });
    expect(signedIn.status).toBe(200);
    expect(await demo.proc.stop()).toBe(0);

    const owned = await embedded({ SEED_DEMO: 'false', ADMIN_EMAIL: 'owner@vault.test', ADMIN_PASSWORD }, demo.dataDir);
    await owned.proc.waitFor('Vault is running');
    await owned.proc.waitFor(/"level":40[^\n]*demo admin admin@vault\.local is no longer an admin/);
    expect(owned.proc.output()).not.toContain('Demo admin:');
    // The cookie from before is refused, the demo password no longer signs in, the owner does.
    const me = await fetch(`${owned.baseUrl}/api/auth/user`, { headers: { cookie: signedIn.cookie } });
    expect(me.status).toBe(401);
    expect(
      (await post(owned.baseUrl, '/api/auth/login', { email: 'admin@vault.local', password: demoPassword })).status,
    ).toBe(401);
    expect(
      (await post(owned.baseUrl, '/api/auth/login', { email: 'owner@vault.test', password: ADMIN_PASSWORD })).status,
    ).toBe(200);
    expect(await owned.proc.stop()).toBe(0);

    const roles = await inspect(demo.dataDir, async (db) =>
      (
        await db.query<{ email: string; role: string; password: string | null }>(
          'select email, role, password from users order by email',
        )
      ).rows.map((r) => ({ email: r.email, role: r.role, hasPassword: r.password !== null })),
    );
    expect(roles).toEqual([
      { email: 'admin@vault.local', role: 'customer', hasPassword: false },
      { email: 'owner@vault.test', role: 'admin', hasPassword: true },
    ]);
  }, 150_000);
});

describe('ports: a vault that is serving is never killed by a port it wants later', () => {
  it('two embedded vaults on one machine, with default metrics settings, both keep serving', async () => {
    // METRICS_PORT unset (startProcess would set 0): exactly what two `pnpm start`s would do.
    const [a, b] = [await embedded({ METRICS_PORT: '' }), await embedded({ METRICS_PORT: '' })];
    await Promise.all([a.proc.waitFor('Vault is running'), b.proc.waitFor('Vault is running')]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const vault of [a, b]) {
      expect(vault.proc.child.exitCode).toBeNull();
      const health = await fetch(`http://127.0.0.1:${vault.port}/api/health`);
      expect(health.status).toBe(200);
    }
  }, 120_000);

  it('in scaled mode a taken METRICS_PORT stops the start, non-zero, before /api/health ever answered', async () => {
    const database = await createScratchDatabase();
    const redis = await openTestRedis();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const metricsPort = (taken.address() as { port: number }).port;
    try {
      const port = await freePort();
      const proc = startProcess(API, {
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: redis.prefix,
        SESSION_SECRET: 'a-test-secret-that-is-long-enough-1234',
        ...simulatorEnv(),
        ...vapidEnv(),
        PORT: String(port),
        SERVE_WEB: 'false',
        LOG_LEVEL: 'info',
        METRICS_PORT: String(metricsPort),
      });
      running.push(proc);
      const exited = exitCode(proc);
      let answered = 0;
      let done = false;
      void exited.then(() => {
        done = true;
      });
      while (!done) {
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => answered++,
          () => {},
        );
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await exited).toBe(1);
      expect(answered).toBe(0);
      expect(proc.output()).not.toContain('Server listening');
      expect(proc.output()).toContain(`metrics port ${metricsPort} is unavailable (EADDRINUSE)`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await redis.dispose();
      await database.drop();
    }
  });
});
