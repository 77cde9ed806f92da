import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchWithin } from './fetch';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local server; `closed` resolves when the client's connection to it closes. */
async function serve(handler: Parameters<typeof createServer>[1]) {
  let onClose: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    onClose = resolve;
  });
  const server = createServer(handler);
  server.on('connection', (socket) => socket.on('close', onClose));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, closed };
}

describe('fetchWithin', () => {
  it('reads the answer within the deadline', async () => {
    const { url } = await serve((_req, res) => res.end('{"ok":true}'));
    expect(await fetchWithin(url, {}, { ms: 2000, what: 'test' }, (r) => r.json())).toEqual({ ok: true });
  });

  it('cancels a request whose headers never come, and says what timed out', async () => {
    const { url, closed } = await serve(() => {});
    await expect(fetchWithin(url, {}, { ms: 100, what: 'OIDC discovery' }, (r) => r.json())).rejects.toThrow(
      'OIDC discovery timed out after 100 ms',
    );
    await closed;
  });

  it('covers the body: headers then a stall is cut off at the same deadline', async () => {
    const { url, closed } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const started = performance.now();
    await expect(fetchWithin(url, {}, { ms: 200, what: 'userinfo' }, (r) => r.json())).rejects.toThrow(
      'userinfo timed out after 200 ms',
    );
    expect(performance.now() - started).toBeLessThan(2000);
    await closed;
  });

  it('passes other failures through', async () => {
    const { url } = await serve((_req, res) => res.end('not json'));
    await expect(fetchWithin(url, {}, { ms: 2000, what: 'x' }, (r) => r.json())).rejects.toThrow(SyntaxError);
  });
});
