import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backgroundTaskNames } from '../../packages/server/src/background/registry';
import { BACKGROUND_DOC, backgroundDoc } from '../../scripts/background-doc';

describe('docs/background-work.md', () => {
  const generated = backgroundDoc();

  it('is what pnpm docs:background writes from the registry today', () => {
    const committed = readFileSync(BACKGROUND_DOC, 'utf8');
    expect(committed, 'docs/background-work.md is stale: run pnpm docs:background').toBe(generated);
  });

  it('has a row for every task of the registry', () => {
    for (const name of backgroundTaskNames) expect(generated).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});
