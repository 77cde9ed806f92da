import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findDependencyProblems } from '../../scripts/check-deps.mjs';

/** A throwaway workspace: files given as path → contents (objects are written as JSON). */
function workspace(files: Record<string, string | object>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vault-deps-'));
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof contents === 'string' ? contents : JSON.stringify(contents));
  }
  return root;
}

describe('the dependency hygiene lint', () => {
  it('finds one dependency with two ranges, across sections and manifests', () => {
    const root = workspace({
      'package.json': { devDependencies: { zod: '^4.1.12', '@vault/api': 'workspace:*' } },
      'apps/api/package.json': { dependencies: { zod: '^4.1.12', kysely: '^0.28.8', '@vault/db': 'workspace:*' } },
      'packages/db/package.json': {
        dependencies: { '@vault/db': 'workspace:^' },
        devDependencies: { kysely: '^0.28.18' },
      },
    });
    expect(findDependencyProblems(root)).toEqual([
      'kysely: 2 version ranges: ^0.28.8 (apps/api/package.json) vs ^0.28.18 (packages/db/package.json)',
    ]);
  });

  it('finds two majors of pino in the lockfile, even when only a dependency brings the second', () => {
    const lockfile = [
      'packages:',
      '',
      '  pino-pretty@13.1.2:',
      '    resolution: {integrity: sha512-x}',
      '',
      '  pino@9.14.0:',
      '    resolution: {integrity: sha512-y}',
      '',
      '  pino@10.1.0:',
      '    resolution: {integrity: sha512-z}',
      '',
    ].join('\n');
    const root = workspace({ 'package.json': { dependencies: { pino: '^9.9.0' } }, 'pnpm-lock.yaml': lockfile });
    expect(findDependencyProblems(root)).toEqual(['pino: 2 majors in pnpm-lock.yaml (9, 10): see `pnpm why pino`']);
  });

  it('passes on this repository', () => {
    const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
    expect(findDependencyProblems(repoRoot)).toEqual([]);
  });
});
