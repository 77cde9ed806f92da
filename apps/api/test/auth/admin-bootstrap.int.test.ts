import { backends } from '@vault/testing';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, DEMO_ADMIN_EMAIL, demoteDemoAdmin } from '../../src/auth/admin-bootstrap';
import { hashPassword, verifyPassword } from '../../src/auth/password';
import { agent, buildTestApp, currentUser, msUntilRefused, sessionCount, type TestApp } from '../test-app';

/**
 * Bootstrap runs at every start of every replica. It must hand the admin account to whoever holds
 * ADMIN_PASSWORD and to nobody else: not to a stranger who registered the admin email first (a
 * promotion ends their sessions everywhere and unlinks their external sign-ins), not to whoever had
 * the old password. And an ordinary restart must not sign admins out.
 */
describe.each(backends)('admin bootstrap on %s', (backend) => {
  let t: TestApp;
  /** A replica starting up while t.app keeps serving (its session cache warm). */
  let starting: FastifyInstance;
  const warnings: Array<{ obj: unknown; msg: string | undefined }> = [];

  beforeAll(async () => {
    t = await buildTestApp(backend);
    starting = await t.sibling();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The starting replica, with its warnings recorded. */
  const bootstrap = (email: string, password: string) => {
    const log = Object.create(starting.log) as FastifyBaseLogger;
    log.warn = ((obj: unknown, msg?: string) => void warnings.push({ obj, msg })) as FastifyBaseLogger['warn'];
    return bootstrapAdmin({ db: starting.db, sessionStore: starting.sessionStore, log }, { email, password });
  };
  const login = async (email: string, password: string) => {
    const a = agent(t.app);
    const res = await a.post('/api/auth/login', { email, password });
    return { a, status: res.statusCode, cookie: a.sessionCookie() };
  };

  it('creates the admin once; a restart with the same password keeps admins signed in', async () => {
    expect(await bootstrap('Boss@Vault.test', 'first-password')).toBe('created');
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'boss@vault.test')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
    const admin = await login('boss@vault.test', 'first-password');
    expect(admin.status).toBe(200);

    expect(await bootstrap('boss@vault.test', 'first-password')).toBe('unchanged');
    expect((await currentUser(t.app, admin.cookie)).statusCode).toBe(200);
  });

  it('a new password signs out whoever held the old one', async () => {
    const admin = await login('boss@vault.test', 'first-password');
    expect((await currentUser(t.app, admin.cookie)).statusCode).toBe(200); // cached on t.app

    expect(await bootstrap('boss@vault.test', 'second-password')).toBe('password-reset');
    expect(await msUntilRefused(t.app, admin.cookie)).toBeLessThan(500);
    expect((await login('boss@vault.test', 'first-password')).status).toBe(401);
    expect((await login('boss@vault.test', 'second-password')).status).toBe(200);
  });

  it('promoting a pre-registered customer ends its sessions, unlinks its sign-ins and warns naming the email', async () => {
    const email = 'owner@vault.test';
    // A stranger registered the admin email before the operator configured it, and signed in.
    const registered = await agent(t.app).post('/api/auth/register', {
      firstName: 'Not',
      lastName: 'Owner',
      email,
      password: 'strangers-password',
    });
    expect(registered.statusCode).toBe(201);
    const stranger = await login(email, 'strangers-password');
    expect(stranger.status).toBe(200);
    const userId = (await currentUser(t.app, stranger.cookie)).json().user.id as string;
    await t.database.db
      .updateTable('users')
      .set({ oidcSubject: 'strangers-sso-subject', googleId: 'strangers-google-id' })
      .where('id', '=', userId)
      .execute();

    expect(await bootstrap(email, 'operators-password')).toBe('promoted');

    // The stranger's cookie is dead at once (t.app had it cached), and so is their password.
    expect(await msUntilRefused(t.app, stranger.cookie)).toBeLessThan(500);
    expect(await sessionCount(t.database, userId)).toBe(0);
    expect((await login(email, 'strangers-password')).status).toBe(401);
    const operator = await login(email, 'operators-password');
    expect(operator.status).toBe(200);
    expect((await currentUser(t.app, operator.cookie)).json().user).toMatchObject({ email, role: 'admin' });
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', oidcSubject: null, googleId: null, resetToken: null });
    expect(await verifyPassword('operators-password', row.password ?? '')).toBe(true);
    expect(warnings).toContainEqual(expect.objectContaining({ obj: { email } }));
  });

  it("ending the admin account's sessions leaves other members signed in", async () => {
    await t.database.db
      .insertInto('users')
      .values({ email: 'bystander@vault.test', password: await hashPassword('bystander-pass'), emailVerified: true })
      .execute();
    const bystander = await login('bystander@vault.test', 'bystander-pass');
    expect(await bootstrap('owner@vault.test', 'yet-another-password')).toBe('password-reset');
    expect((await currentUser(t.app, bystander.cookie)).statusCode).toBe(200);
  });

  it('demotes the demo admin once ADMIN_EMAIL names another account, ending its sessions on every replica', async () => {
    expect(await bootstrap(DEMO_ADMIN_EMAIL, 'printed-demo-password')).toBe('created');
    const demo = await login(DEMO_ADMIN_EMAIL, 'printed-demo-password');
    expect((await currentUser(t.app, demo.cookie)).statusCode).toBe(200); // cached on t.app

    const log = Object.create(starting.log) as FastifyBaseLogger;
    log.warn = ((obj: unknown, msg?: string) => void warnings.push({ obj, msg })) as FastifyBaseLogger['warn'];
    const deps = { db: starting.db, sessionStore: starting.sessionStore, log };
    expect(await demoteDemoAdmin(deps, 'owner@vault.test')).toBe(true);

    expect(await msUntilRefused(t.app, demo.cookie)).toBeLessThan(500);
    expect((await login(DEMO_ADMIN_EMAIL, 'printed-demo-password')).status).toBe(401);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', password: null });
    expect(await sessionCount(t.database, row.id)).toBe(0);
    expect(warnings).toContainEqual(
      expect.objectContaining({ obj: { email: DEMO_ADMIN_EMAIL, admin: 'owner@vault.test' } }),
    );
    // Every later start finds nothing to do; naming the demo account itself demotes nothing.
    expect(await demoteDemoAdmin(deps, 'owner@vault.test')).toBe(false);
    expect(await demoteDemoAdmin(deps, DEMO_ADMIN_EMAIL)).toBe(false);
  });
});
