import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedApp, repoRoot, startEmbeddedApp } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptSources } from '../../src/platform/security-headers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every file and folder under dir with its permission bits. */
function modes(dir: string): Array<{ path: string; mode: number; dir: boolean }> {
  const out: Array<{ path: string; mode: number; dir: boolean }> = [];
  const walk = (folder: string) => {
    out.push({ path: folder, mode: statSync(folder).mode & 0o777, dir: true });
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push({ path: full, mode: statSync(full).mode & 0o777, dir: false });
    }
  };
  walk(dir);
  return out;
}

describe('headers, caching, logs and files of the real embedded process', () => {
  let app: EmbeddedApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'vault-hardening-')), 'data');
    app = await startEmbeddedApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sends security headers on the SPA and the API, and no HSTS over plain http', async () => {
    for (const url of ['/', '/show', '/api/health', '/api/show/state']) {
      const res = await fetch(`${app.baseUrl}${url}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
      if (url.startsWith('/api/')) {
        // JSON runs nothing and loads nothing; the document-only headers are left off it.
        expect(csp, url).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
        expect(res.headers.get('cache-control'), url).toBe('no-store');
        expect(res.headers.get('cross-origin-opener-policy'), url).toBeNull();
      } else {
        expect(csp, url).toContain("default-src 'self'");
        // Our origin, and index.html's one inline script (the first screen's reads) by its hash.
        const [inline] = inlineScriptSources(await (await fetch(`${app.baseUrl}/`)).text());
        expect(csp, url).toContain(`script-src 'self' ${inline}`);
        expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
      }
    }
  });

  it('marks authenticated JSON no-store, and keeps long caching for fingerprinted assets', async () => {
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ email: 'admin@vault.local', password: app.adminPassword }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (const url of ['/api/auth/user', '/api/profile', '/api/shows', '/api/show/state']) {
      const res = await fetch(`${app.baseUrl}${url}`, { headers: { cookie } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    const html = await (await fetch(app.baseUrl)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${app.baseUrl}${asset}`);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // No public source maps: the bundle names none.
    expect(await res.text()).not.toContain('sourceMappingURL');
  });

  it('sends the built script precompressed as the browser takes it (br, gzip or plain), varying by Accept-Encoding', async () => {
    const html = await (await fetch(app.baseUrl)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? '';
    const plain = await fetch(`${app.baseUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    const body = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${app.baseUrl}${asset}`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('content-type'), encoding).toContain('javascript');
      expect(res.headers.get('vary'), encoding).toContain('accept-encoding');
      expect(res.headers.get('cache-control'), encoding).toContain('immutable');
      // fetch undoes the encoding: the same script whichever way it travelled.
      expect(await res.text(), encoding).toBe(body);
    }
  });

  it('generates its own request ids and logs a client id apart', async () => {
    // Health checks log no request line (they would bury members' requests); a member's route does.
    const res = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { 'x-request-id': 'client-chosen-id-42' } });
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    await expect.poll(() => app.process.output()).toContain(id);
    const line = app.process
      .output()
      .split('\n')
      .find((l) => l.includes(id) && l.includes('"req"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}').req.clientRequestId).toBe('client-chosen-id-42');
  });

  it('never writes reset or verification tokens to the log', async () => {
    const secret = 'S3cretTokenValue_that_must_not_be_logged';
    await fetch(`${app.baseUrl}/api/auth/verify?token=${secret}`, { redirect: 'manual' });
    await fetch(`${app.baseUrl}/reset-password?token=${secret}&x=1`);
    await fetch(`${app.baseUrl}/api/auth/oidc/callback?code=${secret}&state=${secret}`, { redirect: 'manual' });
    const marker = await fetch(`${app.baseUrl}/api/auth/user`);
    await expect.poll(() => app.process.output()).toContain(marker.headers.get('x-request-id') ?? '-');
    const output = app.process.output();
    expect(output).toContain('/api/auth/verify?token=[redacted]');
    expect(output).toContain('/reset-password?token=[redacted]&x=1');
    expect(output).not.toContain(secret);
  });

  it('keeps DATA_DIR private: folders 0700, files 0600', async () => {
    const entries = modes(dataDir);
    expect(entries.length).toBeGreaterThan(100); // PGlite's cluster and secrets.json
    const open = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    expect(open.map((e) => `${e.mode.toString(8)} ${e.path}`)).toEqual([]);
    expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});

describe('the content security policy', () => {
  it('allows exactly Accept.js and its API host in real mode', () => {
    const sandbox = contentSecurityPolicy({ mode: 'authorize.net', env: 'sandbox' });
    expect(sandbox.scriptSrc).toEqual(["'self'", 'https://jstest.authorize.net']);
    expect(sandbox.connectSrc).toEqual(["'self'", 'https://apitest.authorize.net']);
    const live = contentSecurityPolicy({ mode: 'authorize.net', env: 'production' });
    expect(live.scriptSrc).toEqual(["'self'", 'https://js.authorize.net']);
    const simulated = contentSecurityPolicy({ mode: 'simulator', env: 'sandbox' });
    expect(simulated.scriptSrc).toEqual(["'self'"]);
    expect(simulated.frameAncestors).toEqual(["'none'"]);
  });

  it('is what the built SPA needs: its one inline script, allowed by its hash and no other', () => {
    const html = readFileSync(path.join(repoRoot, 'apps/web/dist/index.html'), 'utf8');
    // Inline scripts with attributes (a type, a nonce) would not be hashed: there are none.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual(['<script>']);
    const sources = inlineScriptSources(html);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    const text = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(sources[0]).toBe(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(contentSecurityPolicy({ mode: 'simulator', env: 'sandbox' }, sources).scriptSrc).toEqual([
      "'self'",
      ...sources,
    ]);
    const maps = readdirSync(path.join(repoRoot, 'apps/web/dist/assets')).filter((f) => f.endsWith('.map'));
    expect(maps).toEqual([]);
  });
});
