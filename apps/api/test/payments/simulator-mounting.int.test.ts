import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SimulatorCredentials } from '@vault/authnet-simulator';
import { backends, freePort, type RunningProcess, seedOnboardedMembers, startProcess } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_GATEWAY_ROUTE } from '../../src/payments/plugin';
import { buildTestApp, ORIGIN, postGateway, type TestApp } from '../test-app';

// How the app mounts the payment simulator: behind its Origin check and admin guard, only in
// simulator mode, and with credentials an install generates once and keeps. The simulator's own
// behaviour (authentication, ids, its tables) is tested in packages/authnet-simulator/test.

/** The login id and transaction key the repository used to ship for every install's simulator. */
const OLD_REPO_LOGIN = { name: 'vault-simulator', transactionKey: 'simulator-transaction-key' };
/** Refused before anything runs: E00007, or E00003 when the old 25-character key does not fit the XSD. */
const REFUSED_CODES = ['E00007', 'E00003'];

type Auth = { name: string; transactionKey?: string; clientKey?: string };

describe.each(backends)('the payment simulator mounted in the app, on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks the Origin of the admin fault controls (only the gateway endpoint is exempt)', async () => {
    const [admin] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
      emailPrefix: `fault-admin-${backend}`,
    });
    if (!admin) throw new Error('no admin');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const fault = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/authnet/faults',
        headers: { origin, cookie: admin.cookie },
        payload: { kind: 'error', requestType: 'getCustomerProfileRequest' },
      });
    expect((await fault('https://evil.example')).statusCode).toBe(403);
    expect((await fault(ORIGIN)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: '/sandbox/authnet/faults',
      headers: { origin: ORIGIN, cookie: admin.cookie },
    });
  });
});

describe('the simulator is not there with the real gateway', () => {
  it('mounts no simulator route and creates no simulator table', async () => {
    const t = await buildTestApp('pglite', {
      config: {
        payments: {
          mode: 'authorize.net',
          env: 'sandbox',
          timeoutMs: 1000,
          apiLoginId: 'real-login',
          transactionKey: 'real-transaction-key',
          clientKey: 'real-client-key',
        },
      },
    });
    try {
      const gateway = await t.app.inject({
        method: 'POST',
        url: SIMULATOR_GATEWAY_ROUTE,
        headers: { origin: ORIGIN },
        payload: {},
      });
      expect(gateway.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/authnet/v1/Accept.js' })).statusCode).toBe(404);
      expect(t.app.payments.simulator).toBeNull();
      const tables = await t.database.db.introspection.getTables();
      expect(tables.filter((table) => table.name.startsWith('authnet_sim')).map((table) => table.name)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('an embedded install as a real process', () => {
  const running: RunningProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
  });

  it('refuses production without a gateway, warns when the simulator is chosen, and keeps its credentials', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-simulator-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://localhost:${port}`,
      MAIL_TRANSPORT: 'log',
    };
    const start = (extra: Record<string, string> = {}) => {
      const proc = startProcess('apps/api/src/main.ts', { ...env, ...extra });
      running.push(proc);
      return proc;
    };

    const refused = start();
    expect(await new Promise((resolve) => refused.child.once('exit', resolve))).toBe(1);
    expect(refused.output()).toContain('AUTHNET_MODE: NODE_ENV=production needs Authorize.Net credentials');

    const secretsOf = () =>
      (JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { simulator: SimulatorCredentials })
        .simulator;
    const getProfile = async (auth: Auth) => {
      const reply = await postGateway(`http://127.0.0.1:${port}${SIMULATOR_GATEWAY_ROUTE}`, {
        getCustomerProfileRequest: { merchantAuthentication: auth, customerProfileId: '123456789' },
      });
      return reply.json.messages.message[0]?.code;
    };

    const seen: SimulatorCredentials[] = [];
    for (let run = 0; run < 2; run++) {
      const app = start({ AUTHNET_MODE: 'simulator' });
      await app.waitFor('Vault is running');
      expect(app.output()).toContain('AUTHNET_MODE=simulator in production');
      const credentials = secretsOf();
      seen.push(credentials);
      // The install's own key authenticates (the profile is merely not found); the old constants do not.
      expect(await getProfile({ name: credentials.apiLoginId, transactionKey: credentials.transactionKey })).toBe(
        'E00040',
      );
      expect(REFUSED_CODES).toContain(await getProfile(OLD_REPO_LOGIN));
      expect(await app.stop()).toBe(0);
    }
    expect(seen[1]).toEqual(seen[0]);
  });
});
