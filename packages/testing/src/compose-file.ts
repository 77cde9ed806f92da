import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from './processes';

/** What the tests read of a docker-compose.yml service. */
export interface ComposeService {
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

export interface ComposeFile {
  /** The file as written, its header comment included. */
  text: string;
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
}

/** docker-compose.yml, parsed with its YAML merge keys (`<<: *app-build`) applied. */
export function readComposeFile(file = path.join(repoRoot, 'docker-compose.yml')): ComposeFile {
  const text = readFileSync(file, 'utf8');
  const parsed = parse(text, { merge: true }) as Omit<ComposeFile, 'text'>;
  return { text, services: parsed.services, secrets: parsed.secrets ?? {} };
}

/** A .env file's KEY=value lines. */
export function readDotenv(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Sets keys of a .env file in place, as an operator edits it (the others keep their values). */
export function editDotenv(file: string, changes: Record<string, string>): void {
  const kept = Object.entries(readDotenv(file)).filter(([key]) => !(key in changes));
  const lines = [...kept, ...Object.entries(changes)].map(([key, value]) => `${key}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

/**
 * Writes `dir/.env` as an operator does: the compose header's shell lines (indented under `#   `)
 * before its `docker compose up`, run by bash in `dir`. Returns what they wrote.
 */
export function writeEnvAsHeaderSays(dir: string, compose = readComposeFile()): Record<string, string> {
  const lines = compose.text
    .split('\n')
    .filter((line) => line.startsWith('#   '))
    .map((line) => line.slice(4));
  const up = lines.findIndex((line) => line.startsWith('docker compose up'));
  if (up < 1) throw new Error('the compose header no longer ends its .env lines with docker compose up');
  execFileSync('bash', ['-euo', 'pipefail', '-c', lines.slice(0, up).join('\n')], { cwd: dir, timeout: 10_000 });
  return readDotenv(path.join(dir, '.env'));
}

/**
 * A service's health probe as Docker runs it: `bash -c SCRIPT PORT PATH` (compose's `$$` is one
 * `$`), aimed at `port` instead of the container's own.
 */
export function composeHealthProbe(service: ComposeService | undefined, port: number | string) {
  const [kind, shell, flag, script = '', ownPort = '', route = ''] = service?.healthcheck?.test ?? [];
  if (kind !== 'CMD' || shell !== 'bash' || flag !== '-c') {
    throw new Error(`not a bash probe: ${JSON.stringify(service?.healthcheck?.test)}`);
  }
  return { ownPort, route, bashArgs: ['-c', script.replaceAll('$$', '$'), String(port), route] };
}
