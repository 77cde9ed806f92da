import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateLocalSecrets } from './local-secrets';

describe('embedded-mode local secrets', () => {
  it('are generated once, kept private, and reused on the next start', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'vault-secrets-')), 'nested');
    const first = loadOrCreateLocalSecrets(dir);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateLocalSecrets(dir)).toEqual(first);
  });

  it('refuse to silently replace a corrupt file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-secrets-'));
    writeFileSync(path.join(dir, 'secrets.json'), '{not json');
    expect(() => loadOrCreateLocalSecrets(dir)).toThrow(/corrupt/);
  });
});
