// `pnpm reset-demo`: deletes embedded mode's data directory (DATA_DIR, `.data` at the repo root by
// default) so the next `pnpm start` or `pnpm dev` begins again: a fresh database, the demo seeded
// again, a new demo admin password printed. It deletes only a directory the vault made, and never
// one a running vault still has open.
import { existsSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveDataDir } from '@vault/api/env';

/** What embedded mode writes under DATA_DIR (apps/api/src/core/local-secrets.ts, runtime.ts). */
const OURS = [/^secrets\.json$/, /^secrets\.json\.\d+\.tmp$/, /^pgdata$/];

export type ResetOutcome =
  | { kind: 'absent'; dataDir: string }
  | { kind: 'deleted'; dataDir: string; entries: string[] }
  | { kind: 'refused'; dataDir: string; reason: string };

/** Processes with a file under dir open (Linux's /proc; elsewhere none are found). */
function processesUsing(dir: string): number[] {
  if (!existsSync('/proc/self/fd')) return [];
  const prefix = `${dir}${path.sep}`;
  const users: number[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const fds = readdirSync(`/proc/${pid}/fd`);
      if (fds.some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(prefix))) users.push(Number(pid));
    } catch {
      // Gone, or not ours to look at.
    }
  }
  return users;
}

export function resetDemo(dataDir: string): ResetOutcome {
  if (!existsSync(dataDir)) return { kind: 'absent', dataDir };
  const entries = readdirSync(dataDir).sort();
  const foreign = entries.filter((entry) => !OURS.some((pattern) => pattern.test(entry)));
  if (foreign.length > 0 || !entries.some((entry) => entry === 'secrets.json' || entry === 'pgdata')) {
    const found = entries.length > 0 ? `it holds ${entries.join(', ')}` : 'it is empty';
    return {
      kind: 'refused',
      dataDir,
      reason: `not a vault data directory (${found}; expected only secrets.json and pgdata): delete it yourself if you mean to`,
    };
  }
  const users = processesUsing(dataDir);
  if (users.length > 0) {
    return {
      kind: 'refused',
      dataDir,
      reason: `a running vault has it open (pid ${users.join(', ')}): stop \`pnpm start\` / \`pnpm dev\` first`,
    };
  }
  rmSync(dataDir, { recursive: true });
  return { kind: 'deleted', dataDir, entries };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outcome = resetDemo(resolveDataDir(process.env.DATA_DIR || undefined));
  if (outcome.kind === 'refused') {
    console.error(`reset-demo: left ${outcome.dataDir} alone: ${outcome.reason}`);
    process.exit(1);
  }
  console.log(
    outcome.kind === 'deleted'
      ? `reset-demo: deleted ${outcome.dataDir} (${outcome.entries.join(', ')}): the embedded database, its sessions and the demo admin password are gone.`
      : `reset-demo: nothing to delete, ${outcome.dataDir} does not exist.`,
  );
  console.log(
    'The next `pnpm start` or `pnpm dev` creates a fresh database, seeds the demo and prints a new admin password.',
  );
}
