import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiEnvObject } from '../../apps/api/src/env';
import { WorkerEnvObject } from '../../apps/worker/src/env';
import { CONFIG_DOC, configDoc } from '../../scripts/config-doc';

describe('docs/configuration.md', () => {
  const generated = configDoc();

  it('is what pnpm docs:config writes from the env schemas today', () => {
    const committed = readFileSync(CONFIG_DOC, 'utf8');
    expect(committed, 'docs/configuration.md is stale: run pnpm docs:config').toBe(generated);
  });

  it('describes every variable the API and the worker read', () => {
    for (const object of [ApiEnvObject, WorkerEnvObject]) {
      for (const [name, schema] of Object.entries(object.shape)) {
        expect(schema.description, `${name} has no .describe() text for the configuration page`).toBeTruthy();
        expect(generated).toMatch(new RegExp(`^\\| \`${name}\` \\| `, 'm'));
      }
    }
  });

  it('writes defaults as a reader types them, and the mode a description names', () => {
    expect(generated).toContain('| `WEB_DIST` | `apps/web/dist` | both |');
    expect(generated).toContain('| `DATA_DIR` | `.data` | embedded |');
    expect(generated).toContain('| `DB_POOL_SIZE` | `10` | scaled | integer 1–200 |');
    expect(generated).toContain('| `DATABASE_URL` | required | scaled | postgres:// URL |');
  });
});
