import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';
import { type RunningProcess, repoRoot, startProcessCommand } from './processes';

export const HAPROXY_PATH = '/usr/sbin/haproxy';
/** The config docker-compose.yml ships; tests run exactly this file, addresses substituted. */
export const SHIPPED_HAPROXY_CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');

export function requireHaproxy(): void {
  if (!existsSync(HAPROXY_PATH)) {
    throw new Error(`Debian's haproxy is needed at ${HAPROXY_PATH}: apt-get install -y haproxy (.ci/run does)`);
  }
}

/**
 * The shipped config with only its addresses substituted: the frontend's bind, and the
 * server-template that Docker's DNS fills becomes one `server` line per local replica, with the
 * template's own parameters (checks, cookies) unchanged.
 */
export function localHaproxyConfig(source: string, options: { bindPort: number; serverPorts: number[] }): string {
  let binds = 0;
  let templates = 0;
  const lines = source.split('\n').flatMap((line) => {
    const bind = line.match(/^(\s*)bind\s+:\d+\s*$/);
    if (bind) {
      binds++;
      return [`${bind[1]}bind 127.0.0.1:${options.bindPort}`];
    }
    const template = line.match(/^(\s*)server-template\s+(\S+)\s+\d+\s+\S+:\d+(.*)$/);
    if (template) {
      templates++;
      const [, indent, prefix, params = ''] = template;
      // An address needs no resolver: with `init-addr none` a server would wait for one forever.
      const local = params.replace(/\s+resolvers\s+\S+/, '').replace(/\s+init-addr\s+\S+/, '');
      return options.serverPorts.map((port, i) => `${indent}server ${prefix}${i + 1} 127.0.0.1:${port}${local}`);
    }
    return [line];
  });
  if (binds !== 1 || templates !== 1) {
    throw new Error(`expected one 'bind :port' and one server-template in the config, found ${binds} and ${templates}`);
  }
  return lines.join('\n');
}

export interface Haproxy {
  process: RunningProcess;
  url: string;
  port: number;
  configPath: string;
  stop(): Promise<number | null>;
}

/** Runs Debian's haproxy in the foreground on the shipped config, in front of local replicas. */
export async function startHaproxy(options: { bindPort: number; serverPorts: number[] }): Promise<Haproxy> {
  requireHaproxy();
  const dir = mkdtempSync(path.join(tmpdir(), 'vault-haproxy-'));
  const configPath = path.join(dir, 'haproxy.cfg');
  writeFileSync(configPath, localHaproxyConfig(readFileSync(SHIPPED_HAPROXY_CONFIG, 'utf8'), options));
  const proc = startProcessCommand(HAPROXY_PATH, ['-db', '-f', configPath], {});
  await waitForPort(options.bindPort, 10_000, proc);
  return {
    process: proc,
    url: `http://localhost:${options.bindPort}`,
    port: options.bindPort,
    configPath,
    stop: () => proc.stop(5000),
  };
}

async function waitForPort(port: number, timeoutMs: number, proc: RunningProcess): Promise<void> {
  await eventually(
    () => {
      if (proc.child.exitCode !== null) throw new Error(`haproxy exited (${proc.child.exitCode}):\n${proc.output()}`);
      return new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.setTimeout(500);
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
        socket.once('timeout', () => {
          socket.destroy();
          resolve(false);
        });
      });
    },
    { within: timeoutMs, every: 100, what: () => `haproxy listening on ${port}:\n${proc.output()}` },
  );
}
