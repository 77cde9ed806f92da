import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiEnvObject, loadApiEnv } from '@vault/api/env';
import { dockerImage, readDockerfile, repoRoot } from '@vault/testing';
import { loadWorkerEnv, WorkerEnvSchema } from '@vault/worker/env';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// There is no Docker engine on our machines, so docker-compose.yml and the Dockerfile are kept
// honest by reading them (and apps/worker/test/production-build.int.test.ts runs what they run).

interface ComposeService {
  image?: string;
  build?: { context: string; target: string };
  command?: string[];
  init?: boolean;
  restart?: string;
  stop_grace_period?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}
const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
const services = (parse(composeText) as { services: Record<string, ComposeService> }).services;
const stages = readDockerfile();
const envKeys = {
  api: Object.keys(ApiEnvObject.shape),
  worker: Object.keys(WorkerEnvSchema.shape),
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
    expect(services.api?.deploy?.replicas).toBeGreaterThan(1);
    expect(services.worker?.deploy?.replicas).toBeGreaterThan(1);
    expect(services.proxy).toBeDefined();
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

      it('probes its health on the port it serves', () => {
        const [kind, node, flag, script] = service?.healthcheck?.test ?? [];
        expect([kind, node, flag]).toEqual(['CMD', 'node', '-e']);
        expect(script).toContain(`fetch('${healthUrls[app]}')`);
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
    expect(instructions).toContain('RUN pnpm install --frozen-lockfile');
    expect(instructions).toContain('RUN pnpm --filter @vault/web build && scripts/build-prod.sh /prod');
    // The worker image serves its health port without compose's help too.
    const { WORKER_HEALTH_PORT: _, ...withoutPort } = environmentOf(services.worker);
    const imageOnly = loadWorkerEnv({ ...dockerImage(stages, 'worker').env, ...withoutPort });
    expect(imageOnly.WORKER_HEALTH_PORT).toBe(workerEnv.WORKER_HEALTH_PORT);
  });

  it('keeps dependencies, builds and the operator secrets out of the build context', () => {
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env']) expect(ignored).toContain(pattern);
  });
});
