import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, repoRoot } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `pnpm dev` itself (pnpm → turbo → tsx watch + vite), as a developer runs it on a fresh clone:
// no configuration but free ports and a throwaway DATA_DIR, and no built SPA needed.

/** Every live descendant of pid (turbo puts each task in a process group of its own). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The ppid is the 2nd field after the ")" that closes the command name.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Exited while we looked.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // A zombie still answers signal 0; it has exited all the same.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

describe('pnpm dev', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-dev-'));
  let dev: ChildProcess;
  let output = '';
  let webUrl = '';
  let tree: number[] = [];

  beforeAll(async () => {
    const [apiPort, webPort] = [await freePort(), await freePort()];
    webUrl = `http://localhost:${webPort}`;
    dev = spawn('pnpm', ['dev'], {
      cwd: repoRoot,
      // Only what a developer's shell would have: no NODE_ENV=test, DATABASE_URL or REDIS_URL
      // from the test run (those would turn on JSON logs and scaled mode).
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        METRICS_PORT: '0',
        TURBO_TELEMETRY_DISABLED: '1',
      },
      // A process group of its own: stopping it is Ctrl-C in a terminal, SIGINT to the group.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    dev.stdout?.on('data', collect);
    dev.stderr?.on('data', collect);
    await eventually(() => output.includes('Vault is running') && output.includes('ready in'), {
      within: 150_000,
      every: 200,
      what: () => `pnpm dev starting (output:\n${output})`,
    });
    tree = descendants(dev.pid as number);
  }, 180_000);

  afterAll(async () => {
    if (dev?.pid && alive(dev.pid)) process.kill(-dev.pid, 'SIGKILL');
    for (const pid of descendants(dev?.pid ?? 0).concat(tree)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the SPA through Vite, with HMR and the app modules from source', async () => {
    const html = await (await fetch(`${webUrl}/show`)).text();
    expect(html).toContain('/@vite/client');
    expect(html).toContain('id="root"');
    const entry = html.match(/<script type="module" src="(\/src\/[^"]+)"/)?.[1];
    expect(entry).toBeDefined();
    const module = await fetch(`${webUrl}${entry}`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
    expect(await module.text()).toMatch(/import .*react/);
  });

  it('proxies the API, and the API keeps its data in DATA_DIR', async () => {
    const health = await fetch(`${webUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
  });

  it('prints pretty logs, names the Vite origin, and puts an emailed link on a line of its own', async () => {
    expect(output).toContain(`Vault is running (embedded mode) at ${webUrl}`);
    expect(output).toMatch(/INFO: admin account ready/);
    expect(output).not.toContain('{"level":30');
    const register = await fetch(`${webUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: webUrl },
      body: JSON.stringify({
        firstName: 'Dev',
        lastName: 'Loop',
        email: 'dev@example.com',
        password: 'a-long-password',
      }),
    });
    expect(register.status).toBe(201);
    const link = new RegExp(`^@vault/api:dev: ${webUrl}/api/auth/verify\\?token=[\\w-]+$`, 'm');
    await eventually(() => link.test(output), {
      within: 10_000,
      every: 200,
      what: () => `a verify link line (output:\n${output})`,
    });
  });

  it('stops the whole process tree on Ctrl-C', async () => {
    expect(tree.length).toBeGreaterThan(3);
    process.kill(-(dev.pid as number), 'SIGINT');
    await eventually(() => !alive(dev.pid as number) && tree.every((pid) => !alive(pid)), {
      within: 30_000,
      every: 200,
      what: () => `the tree stopping (still running: ${tree.filter(alive).join(', ')}; output:\n${output})`,
    });
    expect(output).toContain('SIGINT received, shutting down');
  }, 40_000);
});
