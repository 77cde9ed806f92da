import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort, type RunningProcess, startProcessCommand } from './processes';

/**
 * A Postgres or Redis of a test's own, on a free port, that the test may stop and start: the
 * shared services on 5432 and 6379 serve every other test running meanwhile and must never go
 * down. Every wait has a deadline; dispose() stops the server and deletes its files, and a server
 * still running when the test process exits is stopped then (a failed test must not leak one).
 */

const WAIT_MS = 30_000;

/** Run at process exit for servers not disposed: synchronous, as 'exit' handlers must be. */
const leftovers = new Set<() => void>();
process.once('exit', () => {
  for (const stop of leftovers) {
    try {
      stop();
    } catch {
      // best effort: the process is going anyway
    }
  }
});

function run(command: string, args: string[], timeoutMs = WAIT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

/** The newest Postgres installed by Debian's packages (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  const newest = versions[0];
  if (!newest) throw new Error(`No Postgres server binaries under ${root}/*/bin (apt-get install postgresql)`);
  return path.join(root, newest, 'bin');
}

/**
 * initdb refuses to run as root, and the server must not: as root, every Postgres command runs as
 * the `postgres` user (Debian's package creates it) on a directory that user owns.
 */
function asServerUser(): { wrap(command: string, args: string[]): [string, string[]]; own(dir: string): void } {
  if (userInfo().uid !== 0) return { wrap: (command, args) => [command, args], own: () => {} };
  let uid: number;
  let gid: number;
  try {
    [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())) as [
      number,
      number,
    ];
  } catch {
    throw new Error('Running as root needs a `postgres` user to run a private Postgres as');
  }
  return {
    wrap: (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]],
    own: (dir) => chownSync(dir, uid, gid),
  };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  port: number;
  /** Stops the server: `fast` ends every session at once (clients see 57P01), as a restart does. */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server (immediately) and deletes its directory. */
  dispose(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const user = asServerUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'vault-pg-'));
  user.own(dir);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pg = (tool: string, args: string[]) => {
    const [command, all] = user.wrap(path.join(bin, tool), args);
    return run(command, all);
  };
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off'].join(' ');
  const ctl = (args: string[]) => pg('pg_ctl', ['-D', dataDir, '-w', '-t', String(WAIT_MS / 1000), ...args]);

  let running = false;
  const stopNow = () => {
    const [command, args] = user.wrap(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    execFileSync(command, args, { timeout: 10_000, stdio: 'ignore' });
  };
  const postgres: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = 'fast') {
      await ctl(['-m', mode, 'stop']);
      running = false;
      leftovers.delete(stopNow);
    },
    async start() {
      // Counted as running before it answers: a start that timed out may have left a server.
      running = true;
      leftovers.add(stopNow);
      await ctl(['-l', path.join(dir, 'server.log'), '-o', options, 'start']);
    },
    async restart() {
      await postgres.stop();
      await postgres.start();
    },
    async dispose() {
      // A server that never came up has nothing to stop: pg_ctl's complaint is no reason to keep its files.
      if (running) await postgres.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await postgres.start();
  } catch (error) {
    await postgres.dispose().catch(() => {});
    throw error;
  }
  return postgres;
}

export interface PrivateRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** SIGTERM (Redis shuts down cleanly, its AOF already on disk), or SIGKILL for a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port and directory; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server and deletes its directory. */
  dispose(): Promise<void>;
  /** Deletes what the stopped server had on disk, so the next start() begins empty (data loss). */
  wipe(): void;
}

/**
 * redis-server with every write in an append-only file fsynced before it is acknowledged, so a
 * restart keeps everything a client was told was written (delayed jobs included), as a
 * production Redis configured for a queue would.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vault-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--save',
    '',
    '--maxmemory-policy',
    'noeviction',
  ];
  let server: RunningProcess | null = null;
  const killNow = () => server?.child.kill('SIGKILL');

  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (server) throw new Error('private Redis is already running');
      const started = startProcessCommand('redis-server', args, {}, dir);
      server = started;
      leftovers.add(killNow);
      try {
        await started.waitFor('Ready to accept connections', WAIT_MS);
      } catch (error) {
        await started.stop(0);
        server = null;
        leftovers.delete(killNow);
        throw error;
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!server) return;
      if (signal === 'SIGKILL') server.child.kill('SIGKILL');
      await server.stop(10_000);
      server = null;
      leftovers.delete(killNow);
    },
    wipe() {
      if (server) throw new Error('stop the private Redis before wiping it');
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
    },
    async dispose() {
      try {
        await redis.stop('SIGKILL');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    await redis.start();
  } catch (error) {
    await redis.dispose().catch(() => {});
    throw error;
  }
  return redis;
}
