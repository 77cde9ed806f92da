import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateSimulatorCredentials, migrateSimulator } from '@vault/authnet-simulator';
import { createMemoryBus } from '@vault/bus';
import { type DatabaseHandle, migrateAsOwner, migrateToLatest, openDatabase } from '@vault/db';
import { createScratchDatabase, repoRoot, seedOnboardedMembers, TEST_DATABASE_URL, uniqueId } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/core/config';
import { ORIGIN } from '../test-app';

/**
 * docker-compose.yml's database roles, on real Postgres in a database of this test's own:
 * deploy/postgres/init-roles.sh (run as the image runs it) makes an owner and an app role, the
 * owner migrates, and the app, connected as the app role, works end to end while the audit log
 * refuses it anything but reading and appending.
 */
describe('the owner and app database roles (deploy/postgres/init-roles.sh)', () => {
  const owner = uniqueId('vault_owner');
  const appRole = uniqueId('vault_app');
  let scratch: { url: string; drop(): Promise<void> };
  let asApp: DatabaseHandle;
  let app: FastifyInstance;

  const urlAs = (role: string) => {
    const url = new URL(scratch.url);
    url.username = role;
    url.password = 'unused-with-trust-auth';
    return url.toString();
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const superuser = new URL(TEST_DATABASE_URL);
    execFileSync('bash', [path.join(repoRoot, 'deploy/postgres/init-roles.sh')], {
      env: {
        PATH: process.env.PATH,
        PGHOST: superuser.hostname,
        PGPORT: superuser.port || '5432',
        POSTGRES_USER: decodeURIComponent(superuser.username),
        POSTGRES_DB: new URL(scratch.url).pathname.slice(1),
        VAULT_DB_OWNER: owner,
        VAULT_DB_APP: appRole,
        VAULT_DB_OWNER_PASSWORD: randomBytes(12).toString('hex'),
        VAULT_DB_APP_PASSWORD: randomBytes(12).toString('hex'),
      },
      stdio: 'pipe',
      timeout: 30_000,
    });
    // As the API starts in compose: migrations (the simulator's too) as the owner, then as the app.
    await migrateAsOwner(urlAs(owner), migrateSimulator);
    asApp = await openDatabase({ kind: 'postgres', url: urlAs(appRole), poolSize: 5 });
    const config: AppConfig = {
      mode: 'embedded',
      publicUrl: ORIGIN,
      serveWeb: false,
      webDist: '',
      sessionSecret: 'test-session-secret-at-least-32-characters',
      redisPrefix: 'test',
      mailFrom: 'The Vault <test@vault.local>',
      oauth: {},
      payments: { mode: 'simulator', env: 'sandbox', timeoutMs: 2000, ...generateSimulatorCredentials() },
    };
    app = await buildApp(
      { database: asApp, redis: null, bus: createMemoryBus(), config, mailer: { send: async () => {} } },
      { logLevel: 'silent' },
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await asApp?.close();
    await scratch?.drop();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`drop role if exists ${appRole}`);
      await client.query(`drop role if exists ${owner}`);
    } finally {
      await client.end();
    }
  });

  it('lets the app role find the schema up to date, and refuses it DDL', async () => {
    expect(await migrateToLatest(asApp)).toEqual([]);
    await expect(sql`create table intruder (id int)`.execute(asApp.db)).rejects.toThrow(/permission denied/);
    const { rows } = await sql<{ owner: string }>`
      select tableowner as owner from pg_tables where tablename = 'admin_audit'`.execute(asApp.db);
    expect(rows).toEqual([{ owner }]);
  });

  it('lets the app role read and append to the audit log, and refuses it UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = asApp;
    const row = {
      adminUserId: '00000000-0000-4000-8000-000000000001',
      adminEmail: 'admin@example.com',
      action: 'test.role',
      targetType: 'test',
      targetId: null,
      details: '{}',
      requestId: null,
    };
    const { id } = await db.insertInto('adminAudit').values(row).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('adminAuditOutcomes')
      .values({ auditId: id, status: 200, targetId: null, resultId: null })
      .execute();
    expect(await db.selectFrom('adminAudit').select('action').where('id', '=', id).execute()).toEqual([
      { action: 'test.role' },
    ]);
    for (const statement of [
      sql`update admin_audit set action = 'forged'`,
      sql`delete from admin_audit`,
      sql`truncate admin_audit cascade`,
      sql`update admin_audit_outcomes set status = 500`,
      sql`delete from admin_audit_outcomes`,
      sql`truncate admin_audit_outcomes`,
    ]) {
      await expect(statement.execute(db)).rejects.toThrow(/permission denied/);
    }
    expect(await db.selectFrom('adminAudit').select('action').where('id', '=', id).execute()).toEqual([
      { action: 'test.role' },
    ]);
  });

  it('runs the app as the app role: an admin creates a show, injects a fault, and both are recorded', async () => {
    const [admin] = await seedOnboardedMembers(asApp.db, { count: 1, sessionSecret: app.config.sessionSecret });
    if (!admin) throw new Error('setup');
    await asApp.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const headers = { origin: ORIGIN, cookie: admin.cookie };
    const created = await app.inject({
      method: 'POST',
      url: '/api/shows',
      headers,
      payload: { title: 'As the app role', perKnifeSeconds: 60 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fault = await app.inject({
      method: 'POST',
      url: '/sandbox/authnet/faults',
      headers,
      payload: { kind: 'error', times: 1 },
    });
    expect(fault.statusCode, fault.body).toBe(200);
    const log = await app.inject({ method: 'GET', url: '/api/admin/audit?limit=2', headers });
    expect(log.json().entries).toMatchObject([
      { action: 'payment_simulator.inject_fault' },
      { action: 'show.create', targetId: created.json().id },
    ]);
  });
});
