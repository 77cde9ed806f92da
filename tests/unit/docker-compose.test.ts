import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiEnvObject, loadApiEnv } from '@vault/api/env';
import { dockerImage, readDockerfile, repoRoot } from '@vault/testing';
import { loadWorkerEnv, WorkerEnvObject } from '@vault/worker/env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// docker-compose.yml and the Dockerfile read as text, in the README's test command: what the file
// promises, checked in seconds. tests/compose/compose.test.ts runs them on a real Docker engine.

interface ComposeService {
  image?: string;
  build?: { context: string; target: string; secrets?: string[]; args?: Record<string, string> };
  command?: string[];
  init?: boolean;
  restart?: string;
  stop_grace_period?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string };
  volumes?: string[];
  deploy?: { replicas?: number | string };
}
const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
// The file shares settings through YAML merge keys (`<<: *app-build`).
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
};
const services = compose.services;
const stages = readDockerfile();
const envKeys = {
  api: Object.keys(ApiEnvObject.shape),
  worker: Object.keys(WorkerEnvObject.shape),
};

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g, (_, name: string, colon, kind, text: string) => {
    const set = vars[name];
    const missing = set === undefined || (colon === ':' && set === '');
    if (!missing || kind === undefined) return set ?? '';
    if (kind === '?') throw new Error(`compose refuses to start: ${name}: ${text}`);
    return text;
  });
}

/** The shell lines of the header (indented under `#   `) before `docker compose up`, run by bash. */
function writeEnvFileAsTheHeaderSays(): Record<string, string> {
  const lines = composeText
    .split('\n')
    .filter((line) => line.startsWith('#   '))
    .map((line) => line.slice(4));
  const up = lines.findIndex((line) => line.startsWith('docker compose up'));
  expect(up, 'the header ends with docker compose up').toBeGreaterThan(0);
  const dir = mkdtempSync(path.join(tmpdir(), 'vault-compose-'));
  try {
    execFileSync('bash', ['-euo', 'pipefail', '-c', lines.slice(0, up).join('\n')], { cwd: dir, timeout: 10_000 });
    const dotenv = readFileSync(path.join(dir, '.env'), 'utf8');
    return Object.fromEntries(
      dotenv
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const operatorEnv = writeEnvFileAsTheHeaderSays();
const environmentOf = (service: ComposeService | undefined) =>
  Object.fromEntries(
    Object.entries(service?.environment ?? {}).map(([key, value]) => [key, interpolate(value, operatorEnv)]),
  );
const apiEnv = loadApiEnv(environmentOf(services.api));
const workerEnv = loadWorkerEnv(environmentOf(services.worker));
const deadlines = { api: apiEnv.SHUTDOWN_DEADLINE_MS, worker: workerEnv.SHUTDOWN_DEADLINE_MS };
const healthUrls = {
  api: `http://127.0.0.1:${apiEnv.PORT}/api/health/ready`,
  worker: `http://127.0.0.1:${workerEnv.WORKER_HEALTH_PORT}/health`,
};

/** Compose durations: 30s, 1m30s, 500ms. */
function durationMs(value: string | undefined): number {
  const parts = [...(value ?? '').matchAll(/(\d+)(ms|s|m|h)/g)];
  expect(parts.map((p) => p[0]).join(''), `duration ${value}`).toBe(value);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

describe('docker-compose.yml', () => {
  it('runs postgres 16, redis 7 with noeviction, api and worker replicas, and a proxy', () => {
    expect(services.postgres?.image).toBe('postgres:16');
    expect(services.redis?.image).toBe('redis:7');
    expect(services.redis?.command?.join(' ')).toContain('--maxmemory-policy noeviction');
    // The counts come from .env, so an operator's scale outlives the next `up`; 2 by default.
    expect(Number(interpolate(String(services.api?.deploy?.replicas), {}))).toBe(2);
    expect(Number(interpolate(String(services.worker?.deploy?.replicas), { WORKER_REPLICAS: '3' }))).toBe(3);
    expect(services.proxy).toBeDefined();
  });

  it('connects the apps as a role that only reads and writes rows, migrates as the owner, never as the superuser', () => {
    const postgres = environmentOf(services.postgres);
    expect(services.postgres?.volumes).toContain(
      './deploy/postgres/init-roles.sh:/docker-entrypoint-initdb.d/10-init-roles.sh:ro',
    );
    expect(existsSync(path.join(repoRoot, 'deploy/postgres/init-roles.sh'))).toBe(true);
    // Generated by the header's lines, so no install shares a database password.
    for (const key of ['POSTGRES_PASSWORD', 'VAULT_DB_OWNER_PASSWORD', 'VAULT_DB_APP_PASSWORD']) {
      expect(postgres[key], key).toMatch(/^[0-9a-f]{48}$/);
    }
    for (const env of [apiEnv, workerEnv]) {
      const app = new URL(env.DATABASE_URL ?? '');
      const migrations = new URL(env.MIGRATION_DATABASE_URL ?? '');
      // init-roles.sh's default names, with the passwords it was given.
      expect([app.username, app.password]).toEqual(['vault_app', postgres.VAULT_DB_APP_PASSWORD]);
      expect([migrations.username, migrations.password]).toEqual(['vault_owner', postgres.VAULT_DB_OWNER_PASSWORD]);
      expect([app.pathname, migrations.pathname]).toEqual([`/${postgres.POSTGRES_DB}`, `/${postgres.POSTGRES_DB}`]);
      expect(app.username).not.toBe(postgres.POSTGRES_USER);
    }
  });

  it('restarts every service unless an operator stopped it', () => {
    const policies = Object.fromEntries(Object.entries(services).map(([name, s]) => [name, s.restart]));
    expect(policies).toEqual(Object.fromEntries(Object.keys(services).map((name) => [name, 'unless-stopped'])));
  });

  it("gives an operator who runs the header's lines an admin, in a configuration the API accepts", () => {
    expect(apiEnv.mode).toBe('scaled');
    // apps/api/src/main.ts bootstraps the admin exactly when both are set.
    expect(apiEnv.ADMIN_EMAIL).toBe(operatorEnv.ADMIN_EMAIL);
    expect(apiEnv.ADMIN_PASSWORD).toBe(operatorEnv.ADMIN_PASSWORD);
    expect(() => interpolate(services.api?.environment?.ADMIN_EMAIL ?? '', {})).toThrow(/ADMIN_EMAIL/);
  });

  it("runs production as the header's lines configure it: its own address, mail chosen, no demo", () => {
    expect(apiEnv.NODE_ENV).toBe('production');
    expect(apiEnv.PUBLIC_URL).toBe(operatorEnv.PUBLIC_URL);
    expect(workerEnv.PUBLIC_URL).toBe(operatorEnv.PUBLIC_URL);
    expect(apiEnv.SEED_DEMO).toBe(false);
    // MAIL_TRANSPORT=log: emails logged, links without their tokens, in the API and the workers.
    expect([apiEnv.MAIL_TRANSPORT, apiEnv.mailLinksRedacted]).toEqual(['log', true]);
    expect([workerEnv.MAIL_TRANSPORT, workerEnv.mailLinksRedacted]).toEqual(['log', true]);
    for (const app of ['api', 'worker'] as const)
      expect(() => interpolate(services[app]?.environment?.PUBLIC_URL ?? '', {})).toThrow(/PUBLIC_URL/);
  });

  it('refuses to run the apps without SMTP_URL unless the log is chosen, and sends with SMTP_URL', () => {
    const { MAIL_TRANSPORT: _, ...withoutMail } = operatorEnv;
    const withVars = (vars: Record<string, string>, service: ComposeService | undefined) =>
      Object.fromEntries(Object.entries(service?.environment ?? {}).map(([k, v]) => [k, interpolate(v, vars)]));
    expect(() => loadApiEnv(withVars(withoutMail, services.api))).toThrow(/SMTP_URL: NODE_ENV=production sends email/);
    expect(() => loadWorkerEnv(withVars(withoutMail, services.worker))).toThrow(/SMTP_URL: NODE_ENV=production/);
    const smtp = { ...withoutMail, SMTP_URL: 'smtp://vault:pw@mail.example.com:587' };
    expect(loadApiEnv(withVars(smtp, services.api)).SMTP_URL).toBe(smtp.SMTP_URL);
    expect(loadWorkerEnv(withVars(smtp, services.worker)).SMTP_URL).toBe(smtp.SMTP_URL);
  });

  it("guards Redis with the header's password, which the api and the workers connect with", () => {
    const password = operatorEnv.REDIS_PASSWORD ?? '';
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    const command = (services.redis?.command ?? []).map((part) => interpolate(part, operatorEnv));
    expect(command.join(' ')).toContain(`--requirepass ${password}`);
    expect(environmentOf(services.redis).REDISCLI_AUTH).toBe(password);
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const env of [apiEnv, workerEnv]) expect(new URL(env.REDIS_URL ?? '').password).toBe(password);
    expect(() => (services.redis?.command ?? []).map((part) => interpolate(part, {}))).toThrow(/REDIS_PASSWORD/);
  });

  for (const app of ['api', 'worker'] as const) {
    describe(app, () => {
      const service = services[app];
      const image = dockerImage(stages, service?.build?.target ?? '');

      it('sets only variables the app reads', () => {
        const unknown = Object.keys(service?.environment ?? {}).filter((key) => !envKeys[app].includes(key));
        expect(unknown).toEqual([]);
      });

      it('runs node itself behind an init, which the image runs too', () => {
        expect(service?.command?.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
        expect(service?.command).toEqual(image.cmd);
        expect(service?.init).toBe(true);
        expect(image.workdir).toBe(`/app/apps/${app}`);
        expect(existsSync(path.join(repoRoot, 'apps', app, image.cmd?.at(-1) ?? ''))).toBe(true);
        expect(image.chain.flatMap((s) => s.instructions).filter((i) => /^ENTRYPOINT/i.test(i))).toEqual([]);
      });

      it('gives it longer to stop than its own shutdown deadline', () => {
        expect(durationMs(service?.stop_grace_period)).toBeGreaterThanOrEqual(deadlines[app] + 5000);
      });

      it('probes its health on the port and path it serves, every 2 s, healthy on a 200 only', async () => {
        const [kind, shell, flag, script, port, route] = service?.healthcheck?.test ?? [];
        expect([kind, shell, flag]).toEqual(['CMD', 'bash', '-c']);
        expect(`http://127.0.0.1:${port}${route}`).toBe(healthUrls[app]);
        expect(durationMs(service?.healthcheck?.interval)).toBe(2000);
        // The probe itself, run by bash as Docker runs it (compose's $$ is one $), against a server
        // answering 200, then 503, then never.
        const probe = (script ?? '').replaceAll('$$', '$');
        const answers = { status: 200, hang: false };
        const server = createServer((request, response) => {
          if (answers.hang) return;
          response.writeHead(request.url === route ? answers.status : 404).end('{}');
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const local = String((server.address() as AddressInfo).port);
        const exitCode = () =>
          new Promise<number | null>((resolve) =>
            execFile('bash', ['-c', probe, local, route ?? ''], { timeout: 5000 }, (error) =>
              resolve(error ? (typeof error.code === 'number' ? error.code : null) : 0),
            ),
          );
        try {
          expect(await exitCode()).toBe(0);
          answers.status = 503;
          expect(await exitCode()).toBe(1);
          answers.hang = true;
          const started = performance.now();
          expect(await exitCode()).not.toBe(0);
          expect(performance.now() - started).toBeLessThan(3000);
        } finally {
          server.closeAllConnections();
          server.close();
        }
      });

      it('is an image of production dependencies only, run as the node user', () => {
        expect(image.user).toBe('node');
        const [root] = image.chain.slice(-1);
        expect(root?.from).toMatch(/^node:20-/);
        // Nothing installs or builds in the final image: it only copies the build stage's /prod.
        const instructions = image.chain.flatMap((s) => s.instructions);
        expect(instructions.filter((i) => /^RUN/i.test(i))).toEqual([]);
        for (const copy of instructions.filter((i) => /^COPY/i.test(i)))
          expect(copy).toMatch(/^COPY --from=build \/prod\//);
      });
    });
  }

  it('builds both images from a stage that installs from the lockfile and lays out /prod with the script', () => {
    const build = stages.find((s) => s.name === 'build');
    const instructions = build?.instructions ?? [];
    for (const dir of ['apps', 'packages']) {
      for (const name of readdirSync(path.join(repoRoot, dir))) {
        expect(instructions, `${dir}/${name}`).toContain(`COPY ${dir}/${name}/package.json ${dir}/${name}/`);
      }
    }
    expect(instructions.filter((i) => /^RUN .*\bpnpm install --frozen-lockfile$/.test(i))).toHaveLength(1);
    expect(instructions).toContain('RUN pnpm --filter @vault/web build && scripts/build-prod.sh /prod');
    // The worker image serves its health port without compose's help too.
    const { WORKER_HEALTH_PORT: _, ...withoutPort } = environmentOf(services.worker);
    const imageOnly = loadWorkerEnv({ ...dockerImage(stages, 'worker').env, ...withoutPort });
    expect(imageOnly.WORKER_HEALTH_PORT).toBe(workerEnv.WORKER_HEALTH_PORT);
  });

  it('lends a build CA only to the install steps, as a secret that is empty unless BUILD_CA_CERTS names one', () => {
    expect(interpolate(compose.secrets.build_ca?.file ?? '', {})).toBe('/dev/null');
    expect(interpolate(compose.secrets.build_ca?.file ?? '', { BUILD_CA_CERTS: '/etc/corp-ca.pem' })).toBe(
      '/etc/corp-ca.pem',
    );
    for (const app of ['api', 'worker'] as const) expect(services[app]?.build?.secrets).toEqual(['build_ca']);
    const build = stages.find((s) => s.name === 'build')?.instructions ?? [];
    const lent = build.filter((i) => i.includes('--mount=type=secret,id=build_ca'));
    expect(lent).toHaveLength(2);
    // Nothing else names it: no COPY, ENV or ARG could put it in a layer.
    const all = stages.flatMap((s) => s.instructions);
    expect(all.filter((i) => /build_ca|NODE_EXTRA_CA_CERTS/.test(i))).toEqual(lent);
  });

  it('keeps dependencies, builds and the operator secrets out of the build context', () => {
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env']) expect(ignored).toContain(pattern);
  });
});
