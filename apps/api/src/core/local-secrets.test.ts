import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vapidPairProblem } from '@vault/notify';
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

  it('give every install its own payment simulator credentials, in the gateway shapes, kept across starts', () => {
    const a = loadOrCreateLocalSecrets(mkdtempSync(path.join(tmpdir(), 'vault-secrets-')));
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-secrets-'));
    const b = loadOrCreateLocalSecrets(dir);
    expect(b.simulator.apiLoginId).toMatch(/^[A-Za-z0-9]{8,25}$/);
    expect(b.simulator.transactionKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(b.simulator.clientKey).toMatch(/^[A-Za-z0-9]{50,80}$/);
    expect(b.simulator).not.toEqual(a.simulator);
    expect(loadOrCreateLocalSecrets(dir).simulator).toEqual(b.simulator);
  });

  it('add simulator credentials to a secrets.json written before they existed, keeping the rest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-secrets-'));
    const file = path.join(dir, 'secrets.json');
    const old = { sessionSecret: 's'.repeat(43), demoAdminPassword: 'old-admin-pw' };
    writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const upgraded = loadOrCreateLocalSecrets(dir);
    expect(upgraded).toMatchObject(old);
    expect(upgraded.simulator.transactionKey).toHaveLength(16);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(upgraded);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
    expect(loadOrCreateLocalSecrets(dir)).toEqual(upgraded);
  });

  it('give every install its own Web Push pair, added to an older file without touching the rest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-secrets-'));
    const file = path.join(dir, 'secrets.json');
    const { vapid: _, ...older } = loadOrCreateLocalSecrets(dir);
    writeFileSync(file, JSON.stringify(older), { mode: 0o600 });
    const upgraded = loadOrCreateLocalSecrets(dir);
    expect(upgraded).toMatchObject(older);
    // An uncompressed P-256 point and its 32-byte scalar, the pair web-push and browsers take.
    expect(Buffer.from(upgraded.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(upgraded.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(vapidPairProblem(upgraded.vapid)).toBeNull();
    expect(loadOrCreateLocalSecrets(dir).vapid).toEqual(upgraded.vapid);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateLocalSecrets(mkdtempSync(path.join(tmpdir(), 'vault-secrets-'))).vapid).not.toEqual(
      upgraded.vapid,
    );
  });

  it('refuse to silently replace a corrupt file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-secrets-'));
    writeFileSync(path.join(dir, 'secrets.json'), '{not json');
    expect(() => loadOrCreateLocalSecrets(dir)).toThrow(/corrupt/);
  });
});
