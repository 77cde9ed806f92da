import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after the grace period; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/**
 * Starts one of the apps (`apps/api/src/main.ts`, …) as the images do: node itself, with tsx as
 * its loader. Not through the tsx CLI: it relays a SIGTERM to the app and, if the app has not
 * acknowledged it within 30 ms (a loaded machine), SIGKILLs it and exits 143 — no graceful
 * shutdown to test. `nodeArgs` are node's own flags (e.g. --cpu-prof for a benchmark).
 */
export function startProcess(entry: string, env: Record<string, string>, nodeArgs: string[] = []): RunningProcess {
  return startProcessCommand(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, entry)], {
    LOG_LEVEL: 'warn',
    // Several API processes run at once in the tests: each its own metrics port, not 9464.
    METRICS_PORT: '0',
    ...env,
  });
}

/** Starts any program (haproxy, redis-server, …) with its output captured, from the repo root or `cwd`. */
export function startProcessCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
): RunningProcess {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return {
    child,
    output: () => output,
    waitFor(text, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out waiting for ${text}. Output:\n${output}`));
        }, timeoutMs);
        const check = () => {
          if (!matches()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        void exited.then((code) => {
          if (!waiters.has(check)) return;
          clearTimeout(timer);
          waiters.delete(check);
          reject(new Error(`Process exited (${code}) before ${text}. Output:\n${output}`));
        });
        check();
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** How long an app process may take to come up on a loaded machine (migrations, the SPA, tsx's first compile). */
export const START_TIMEOUT_MS = 90_000;

/** The last match of `pattern` in `output()`, waited for: how tests read an emailed link from a log. */
export function lastLinkIn(output: () => string) {
  return (pattern: string, timeoutMs = 10_000) =>
    eventually(() => [...output().matchAll(new RegExp(pattern, 'g'))].at(-1)?.[0] || null, {
      within: timeoutMs,
      what: `an emailed link matching ${pattern} in the log`,
    });
}
