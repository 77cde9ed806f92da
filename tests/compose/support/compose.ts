import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { editDotenv, eventually, repoRoot, writeEnvAsHeaderSays } from '@vault/testing';

/** The project name the test runs under, so an operator's own `vault` project on the machine is untouched. */
export const PROJECT = 'vault-compose-test';
/** docker-compose.yml as shipped, plus what this machine needs (tests/compose/this-machine.yml). */
const FILES = ['docker-compose.yml', 'tests/compose/this-machine.yml'];
/** The services the test runs: all but Grafana, which has no image here (its dashboard is checked against the metrics). */
export const SERVICES = ['postgres', 'redis', 'api', 'worker', 'proxy', 'prometheus'] as const;
export type Service = (typeof SERVICES)[number];

export interface ContainerState {
  id: string;
  name: string;
  service: string;
  image: string;
  status: string;
  health: string | null;
}

/**
 * The .env an operator writes: the compose header's own lines, run by bash as it says, then this
 * machine's settings (ports, the demo show, the host's extra CA for the build: lent, never baked in).
 * Returns what the header wrote.
 */
export function writeOperatorEnv(dir: string, extra: Record<string, string>): Record<string, string> {
  const written = writeEnvAsHeaderSays(dir);
  editDotenv(path.join(dir, '.env'), extra);
  return written;
}

/** The CA bundle of the host's extra certificates (a TLS-intercepting proxy's), or '' when it has none. */
export function hostExtraCa(dir: string): string {
  const source = '/usr/local/share/ca-certificates';
  const certs = existsSync(source) ? readdirSync(source).filter((f) => f.endsWith('.crt')) : [];
  if (certs.length === 0) return '';
  const bundle = path.join(dir, 'build-ca.pem');
  writeFileSync(bundle, certs.map((f) => readFileSync(path.join(source, f), 'utf8')).join('\n'));
  return bundle;
}

export function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'vault-compose-test-'));
}

/** Runs a command without blocking the event loop (members keep polling meanwhile); every run has a deadline. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: repoRoot,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) {
          const output = `${stdout.slice(-4000)}\n${stderr.slice(-4000)}`;
          reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${output}`));
        } else resolve(stdout);
      },
    );
  });
}

/** `docker compose` and `docker` for this test's project, and the states of its containers. */
export function composeProject(envFile: string) {
  const env = {
    ...process.env,
    COMPOSE_PROJECT_NAME: PROJECT,
    COMPOSE_FILE: FILES.join(path.delimiter),
    COMPOSE_ENV_FILES: envFile,
  };
  const compose = (args: string[], timeoutMs?: number) => run('docker', ['compose', ...args], { env, timeoutMs });
  const docker = (args: string[], timeoutMs?: number) => run('docker', args, { env, timeoutMs });

  async function containers(service?: Service): Promise<ContainerState[]> {
    const ids = (await compose(['ps', '-aq', ...(service ? [service] : [])])).split('\n').filter(Boolean);
    if (ids.length === 0) return [];
    const inspected = JSON.parse(await docker(['inspect', ...ids])) as Array<{
      Id: string;
      Name: string;
      Image: string;
      Config: { Labels: Record<string, string> };
      State: { Status: string; Health?: { Status: string } };
    }>;
    return inspected.map((c) => ({
      id: c.Id,
      name: c.Name.replace(/^\//, ''),
      service: c.Config.Labels['com.docker.compose.service'] ?? '',
      image: c.Image,
      status: c.State.Status,
      health: c.State.Health?.Status ?? null,
    }));
  }

  /** Every container of the given services running, and healthy where it has a check. */
  async function waitHealthy(services: readonly Service[], within: number): Promise<ContainerState[]> {
    let last: ContainerState[] = [];
    return eventually(
      async () => {
        last = (await containers()).filter((c) => (services as readonly string[]).includes(c.service));
        const ready = last.filter((c) => c.status === 'running' && (c.health === null || c.health === 'healthy'));
        const present = new Set(last.map((c) => c.service));
        return services.every((s) => present.has(s)) && ready.length === last.length ? last : null;
      },
      {
        within,
        every: 250,
        what: () =>
          `healthy ${services.join(', ')} (last: ${last.map((c) => `${c.name} ${c.status}/${c.health}`).join(', ')})`,
      },
    );
  }

  return { env, compose, docker, containers, waitHealthy };
}

export type ComposeProject = ReturnType<typeof composeProject>;
