import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import {
  composeHealthProbe,
  createScratchDatabase,
  dockerImage,
  freePort,
  openTestRedis,
  type RunningProcess,
  readComposeFile,
  readDockerfile,
  repoRoot,
  simulatorEnv,
  startProcessCommand,
  TEST_REDIS_URL,
  vapidEnv,
} from '@vault/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// In seconds, in the README's test command (tests/compose builds the real images on a Docker
// engine as its own CI step). What the images hold is what scripts/build-prod.sh lays out (the
// Dockerfile's build stage runs it into /prod and the final stages copy /prod to /app), so this
// test runs the script into a temp dir that stands in for /app, then runs each image's CMD from
// its WORKDIR, and compose's healthcheck commands against the result.

const run = promisify(execFile);
const apps = ['api', 'worker'] as const;
const SPA_MARKER = 'vault production build test';

let work: string;
let out: string;
beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'vault-prod-'));
  out = path.join(work, 'app');
  // A stand-in web build: building the real one here would rewrite apps/web/dist under other tests.
  const webDist = path.join(work, 'web-dist');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>${SPA_MARKER}</title>`);
  const started = performance.now();
  await run(path.join(repoRoot, 'scripts/build-prod.sh'), [out, '--web-dist', webDist], { timeout: 120_000 });
  console.log(`[prod] scripts/build-prod.sh (api + worker, offline): ${Math.round(performance.now() - started)} ms`);
}, 150_000);
afterAll(() => {
  // Deleting only unlinks: pnpm hard-links package files from its store.
  if (work) rmSync(work, { recursive: true, force: true });
});

const running: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
/** The workspace's tools: none belongs in an image, not even as some package's dependency. */
const DEV_TOOLS = [
  'vitest',
  '@biomejs/biome',
  'playwright-core',
  'typescript',
  'vite',
  'turbo',
  '@vault/testing',
  'oauth2-mock-server',
  'authorizenet',
];

/** Every package installed under an app (pnpm's virtual store: `@scope+name@version`, `name@version`). */
function installedPackages(appDir: string): Set<string> {
  return new Set(
    readdirSync(path.join(appDir, 'node_modules/.pnpm'))
      .filter((entry) => entry.includes('@'))
      .map((entry) =>
        entry.startsWith('@') ? `@${entry.slice(1).split('@')[0]?.replace('+', '/')}` : (entry.split('@')[0] ?? ''),
      ),
  );
}

/** What an app can import by name: node_modules/<name> and node_modules/@scope/<name>. */
function directPackages(appDir: string): string[] {
  const modules = path.join(appDir, 'node_modules');
  return readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
    )
    .sort();
}

/** bash's arguments for compose's healthcheck of a service, aimed at this test's port. */
function composeHealthcheck(service: 'api' | 'worker', port: number): string[] {
  const probe = readComposeFile().services[service];
  expect(probe?.healthcheck?.test.slice(1, 3)).toEqual(['bash', '-c']);
  return composeHealthProbe(probe, port).bashArgs;
}

describe('the production build, run as the images run it', () => {
  it('holds each app with its production dependencies only, standing alone', () => {
    for (const app of apps) {
      const appDir = path.join(out, 'apps', app);
      const manifest = readJson(path.join(repoRoot, 'apps', app, 'package.json'));
      // Exactly its dependencies: none of its devDependencies.
      expect(directPackages(appDir), app).toEqual(Object.keys(manifest.dependencies).sort());
      const installed = installedPackages(appDir);
      expect(installed.has('tsx'), `${app} runs with tsx`).toBe(true);
      expect(
        DEV_TOOLS.filter((name) => installed.has(name)),
        app,
      ).toEqual([]);
      // Workspace packages are copies inside the layout, not links back into this checkout.
      expect(realpathSync(path.join(appDir, 'node_modules/@vault/db')).startsWith(realpathSync(out))).toBe(true);
      expect(readdirSync(appDir)).not.toContain('test');
    }
  });

  it("starts both apps with the images' commands: healthy, serving the SPA, creating the admin, stopping on SIGTERM", async () => {
    const database = await createScratchDatabase();
    const redis = await openTestRedis();
    try {
      const ports = { api: await freePort(), worker: await freePort() };
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: redis.prefix,
        ...vapidEnv(),
      };
      // The images run NODE_ENV=production, which requires a PUBLIC_URL and a choice of mail.
      const productionMail = { PUBLIC_URL: `http://localhost:${ports.api}`, MAIL_TRANSPORT: 'log' };
      const overrides = {
        api: {
          ...shared,
          ...simulatorEnv(),
          PORT: String(ports.api),
          SESSION_SECRET: 'a-test-secret-that-is-long-enough-1234',
          ADMIN_EMAIL: 'ops@vault.test',
          ADMIN_PASSWORD: 'ops-password',
          SEED_DEMO: 'false',
          ...productionMail,
        },
        worker: { ...shared, WORKER_HEALTH_PORT: String(ports.worker), ...productionMail },
      };
      const stages = readDockerfile();
      const started = performance.now();
      const procs = Object.fromEntries(
        apps.map((app) => {
          const image = dockerImage(stages, app);
          const [command = '', ...args] = image.cmd ?? [];
          const cwd = (image.workdir ?? '').replace(/^\/app(?=\/)/, out);
          const proc = startProcessCommand(command, args, { ...image.env, LOG_LEVEL: 'info', ...overrides[app] }, cwd);
          running.push(proc);
          return [app, proc];
        }),
      ) as Record<(typeof apps)[number], RunningProcess>;
      await Promise.all([procs.api.waitFor('Vault is running (scaled mode)'), procs.worker.waitFor('worker started')]);
      console.log(`[prod] api and worker started from the build: ${Math.round(performance.now() - started)} ms`);

      expect(procs.api.output()).toMatch(/"email":"ops@vault\.test","outcome":"created"[^\n]*admin account ready/);
      // The API found the SPA by its default WEB_DIST, as in the image.
      const page = await fetch(`http://127.0.0.1:${ports.api}/`, { signal: AbortSignal.timeout(10_000) });
      expect(await page.text()).toContain(SPA_MARKER);
      for (const app of apps) {
        await run('bash', composeHealthcheck(app, ports[app]), { cwd: out, timeout: 5000 });
      }

      for (const app of ['worker', 'api'] as const) {
        const stopping = performance.now();
        expect(await procs[app].stop(15_000), `${app} exit code`).toBe(0);
        console.log(`[prod] ${app}: SIGTERM to node until exit: ${Math.round(performance.now() - stopping)} ms`);
        expect(procs[app].output()).toContain('SIGTERM received, shutting down');
        // Gone, the healthcheck fails rather than hangs.
        await expect(
          run('bash', composeHealthcheck(app, ports[app]), { cwd: out, timeout: 5000 }),
        ).rejects.toMatchObject({ code: 1 });
      }
    } finally {
      await redis.dispose();
      await database.drop();
    }
  });
});
