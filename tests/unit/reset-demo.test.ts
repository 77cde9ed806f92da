import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveDataDir } from '@vault/api/env';
import { repoRoot } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { resetDemo } from '../../scripts/reset-demo';

/** A data directory as embedded mode leaves it, plus `extra` files. */
function dataDir(extra: string[] = []): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vault-reset-')), '.data');
  mkdirSync(path.join(dir, 'pgdata', 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'secrets.json'), '{}\n');
  for (const file of extra) writeFileSync(path.join(dir, file), '');
  return dir;
}

describe('pnpm reset-demo', () => {
  it('deletes the vault data directory and says what it held', () => {
    const dir = dataDir();
    expect(resetDemo(dir)).toEqual({ kind: 'deleted', dataDir: dir, entries: ['pgdata', 'secrets.json'] });
    expect(existsSync(dir)).toBe(false);
    expect(resetDemo(dir)).toEqual({ kind: 'absent', dataDir: dir });
  });

  it('leaves alone a directory that holds anything else, or is empty', () => {
    const dir = dataDir(['notes.txt']);
    expect(resetDemo(dir)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('notes.txt') });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
    const empty = mkdtempSync(path.join(tmpdir(), 'vault-reset-'));
    expect(resetDemo(empty)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('it is empty') });
    expect(resetDemo(repoRoot.replace(/\/$/, ''))).toMatchObject({ kind: 'refused' });
  });

  it('leaves alone a directory a running process has open', async () => {
    const dir = dataDir();
    const file = openSync(path.join(dir, 'pgdata', 'PG_VERSION'), 'r');
    const holder = spawn('sleep', ['30'], { stdio: [file, 'ignore', 'ignore'] });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      // Only the child holds it now, as a running vault would.
      closeSync(file);
      expect(resetDemo(dir)).toMatchObject({ kind: 'refused', reason: expect.stringContaining(`pid ${holder.pid}`) });
      expect(existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('resolves DATA_DIR as the API does: from the repository root, whatever the working directory', () => {
    expect(resolveDataDir()).toBe(path.join(repoRoot, '.data'));
    expect(resolveDataDir('tmp/data')).toBe(path.join(repoRoot, 'tmp/data'));
    expect(resolveDataDir('/var/lib/vault')).toBe('/var/lib/vault');
  });
});
