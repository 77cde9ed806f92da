import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations } from '../../scripts/check-boundaries.mjs';

/** A throwaway workspace: files given as path → source. */
function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vault-boundaries-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const manifests = {
  'apps/api/package.json': '{"name":"@vault/api"}',
  'apps/web/package.json': '{"name":"@vault/web"}',
  'apps/worker/package.json': '{"name":"@vault/worker"}',
};

describe('the import boundaries lint', () => {
  it('finds a feature importing another, apps importing apps, packages importing apps, Fastify in the engine', () => {
    const root = workspace({
      ...manifests,
      'apps/web/src/features/show/components/header.tsx': "import { useLogout } from '../../auth/api';\n",
      'apps/web/src/features/auth/api.ts': 'export const useLogout = 1;\n',
      'apps/worker/src/main.ts': "import { buildApp } from '@vault/api';\nimport x from '../../api/src/app';\n",
      'packages/db/src/index.ts': "export { x } from '../../../apps/api/src/env';\n",
      'packages/show/src/driver.ts':
        "import type { FastifyInstance } from 'fastify';\nimport { useState } from 'react';\n",
    });
    const found = findViolations(root);
    expect(found).toEqual([
      "apps/web/src/features/show/components/header.tsx: imports '../../auth/api': a web feature never imports another feature: move what they share to src/lib, src/hooks or src/components",
      "apps/worker/src/main.ts: imports '@vault/api': apps never import each other",
      "apps/worker/src/main.ts: imports '../../api/src/app': apps never import each other",
      "packages/db/src/index.ts: imports '../../../apps/api/src/env': packages never import apps",
      "packages/show/src/driver.ts: imports 'fastify': the show package imports neither Fastify nor React",
      "packages/show/src/driver.ts: imports 'react': the show package imports neither Fastify nor React",
    ]);
  });

  it('allows imports within a feature, shared web code, packages from apps, and its own app', () => {
    const root = workspace({
      ...manifests,
      'apps/web/src/features/show/components/header.tsx':
        "import { api } from '../api';\nimport { apiRequest } from '../../../lib/api-client';\nimport { useNow } from '../../../hooks/use-now';\n",
      'apps/web/src/features/show/api.ts': "import { z } from 'zod';\n",
      'apps/api/test/app.int.test.ts':
        "import { buildApp } from '../src/app';\nimport { openDatabase } from '@vault/db';\n",
      'packages/show/src/machine.ts': "import { z } from 'zod';\nimport type { Database } from '@vault/db';\n",
    });
    expect(findViolations(root)).toEqual([]);
  });

  it("finds the API's upward imports, a domain reaching past another's entry file, and a query outside a repository", () => {
    const root = workspace({
      ...manifests,
      'apps/api/src/core/deps.ts': "import type { AuthNetClient } from '../payments/authnet/client';\n",
      'apps/api/src/core/memo.ts': "import { sessions } from '../platform/session/plugin';\n",
      'apps/api/src/platform/auth.ts': "import { findUserById } from '../auth/users.repository';\n",
      'apps/api/src/sales/seller.ts':
        "import { findShow } from '../shows/repository';\nimport { buildApp } from '../app';\n",
      'apps/api/src/sales/claims.ts': "export const claim = (db) => db.selectFrom('purchases').execute();\n",
      'apps/api/src/shows/shows.ts': "import { sql } from 'kysely';\n",
    });
    expect(findViolations(root).sort()).toEqual(
      [
        "apps/api/src/core/deps.ts: imports '../payments/authnet/client': core/ imports no platform or domain code",
        "apps/api/src/core/memo.ts: imports '../platform/session/plugin': core/ imports no platform or domain code",
        "apps/api/src/platform/auth.ts: imports '../auth/users.repository': platform/ imports core/ alone, never a domain",
        "apps/api/src/sales/seller.ts: imports '../shows/repository': a domain reaches another only through its entry file (shows/index.ts)",
        "apps/api/src/sales/seller.ts: imports '../app': only the root files (app.ts, main.ts, …) are imported by no one",
        'apps/api/src/sales/claims.ts: calls .selectFrom( (queries belong in repository files)',
        'apps/api/src/shows/shows.ts: imports kysely (only repository files may)',
      ].sort(),
    );
  });

  it('allows the API to import downward, through entry files, and to query in repository files', () => {
    const root = workspace({
      ...manifests,
      'apps/api/src/app.ts': "import { sales } from './sales/plugin';\nimport { auth } from './platform/auth';\n",
      'apps/api/src/platform/auth.ts': "import { AppError } from '../core/app-error';\n",
      'apps/api/src/sales/seller.ts':
        "import { findShow } from '../shows';\nimport { AppError } from '../core/app-error';\nimport { x } from './claims.repository';\n",
      'apps/api/src/shows/index.ts': "export { findShow } from './repository';\n",
      'apps/api/src/shows/repository.ts':
        "import { sql } from 'kysely';\nexport const findShow = (db) => db.selectFrom('shows').execute();\n",
      'apps/api/src/sales/claims.repository.ts': 'export const x = (db) => db.transaction().execute(fn);\n',
      'apps/api/src/core/deps.ts': "import type { Kysely } from 'kysely';\n",
      'apps/api/src/sales/seller.test.ts':
        "import { findShow } from '../shows/repository';\nawait db.selectFrom('x');\n",
    });
    expect(findViolations(root)).toEqual([]);
  });
});
