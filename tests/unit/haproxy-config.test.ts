import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HAPROXY_PATH, localHaproxyConfig, requireHaproxy, SHIPPED_HAPROXY_CONFIG } from '@vault/testing';
import { describe, expect, it } from 'vitest';

/** `haproxy -c`: Debian's HAProxy parses the file and says whether it would serve it. */
function check(file: string) {
  const result = spawnSync(HAPROXY_PATH, ['-c', '-f', file], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the shipped HAProxy config, read by Debian's haproxy", () => {
  requireHaproxy();
  const source = readFileSync(SHIPPED_HAPROXY_CONFIG, 'utf8');

  it("is valid, with no warning: the api slots start empty for Docker's DNS to fill (init-addr none)", () => {
    const { status, output } = check(SHIPPED_HAPROXY_CONFIG);
    expect(status, output).toBe(0);
    expect(output).toContain('Configuration file is valid');
    const warnings = output.split('\n').filter((line) => line.includes('[WARNING]'));
    expect(warnings).toEqual([]);
    expect(execFileSync(HAPROXY_PATH, ['-v'], { encoding: 'utf8' })).toMatch(/^HAProxy version 2\.\d+/);
  });

  it('stays valid, and otherwise unchanged, with only the addresses substituted for local replicas', () => {
    const local = localHaproxyConfig(source, { bindPort: 18_080, serverPorts: [13_001, 13_002] });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vault-haproxy-check-')), 'haproxy.cfg');
    writeFileSync(file, local);
    const { status, output } = check(file);
    expect(status, output).toBe(0);
    expect(output).not.toContain('[WARNING]');
    const changed = (text: string) => new Set(text.split('\n').filter((line) => !source.split('\n').includes(line)));
    expect(changed(local)).toEqual(
      new Set([
        '  bind 127.0.0.1:18080',
        expect.stringMatching(/^ {2}server api1 127\.0\.0\.1:13001$/),
        expect.stringMatching(/^ {2}server api2 127\.0\.0\.1:13002$/),
      ]),
    );
  });

  it('pins browsers per replica with a cookie value of its own, and retries only what is safe to retry', () => {
    expect(source).toMatch(/^\s*cookie VAULT_NODE insert indirect nocache dynamic httponly attr SameSite=Lax$/m);
    expect(source).toMatch(/^\s*dynamic-cookie-key \S+$/m);
    expect(source).toMatch(/^\s*retry-on conn-failure empty-response$/m);
    expect(source).toMatch(
      /^\s*http-request disable-l7-retry if !METH_GET !\{ req\.hdr\(idempotency-key\) -m found \}$/m,
    );
    expect(source).toMatch(/^\s*option httpchk GET \/api\/health\/ready$/m);
  });
});
