import { authMessages } from '@vault/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenUrl, ORIGIN, type TestApp } from '../test-app';

/**
 * The Socket.IO handshake's Origin check, through real socket.io-client handshakes (websocket
 * and long-polling): an Origin is ours only when, parsed, it is exactly PUBLIC_URL's origin or the
 * origin the request was sent to (scheme, host and port), and written as a browser writes one.
 */
describe('the socket handshake Origin check', () => {
  let t: TestApp;
  let url: string;
  let host: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp('pglite', { listen: true });
    url = listenUrl(t.app);
    host = new URL(url).host;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  /** How far a handshake with this Origin gets: refused at the Origin check, or past it (to the session check). */
  async function handshake(origin: string, transport: 'websocket' | 'polling'): Promise<'origin refused' | 'passed'> {
    const socket = io(url, {
      transports: [transport],
      extraHeaders: { origin },
      reconnection: false,
      timeout: 5000,
    });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    socket.disconnect();
    // No cookie: a handshake past the Origin check is refused by the session check, with its message.
    return error.message === authMessages.notSignedIn ? 'passed' : 'origin refused';
  }

  for (const transport of ['websocket', 'polling'] as const) {
    it(`lets our own origins through (${transport})`, async () => {
      expect(await handshake(ORIGIN, transport)).toBe('passed');
      expect(await handshake(`http://${host}`, transport)).toBe('passed');
    });

    it(`refuses an origin that only ends with our host, or hides it in a path or userinfo (${transport})`, async () => {
      const [hostname, port] = host.split(':');
      for (const origin of [
        `https://evil.example//${host}`,
        `http://evil.example/x//${host}`,
        `http://attacker-${hostname}:${port}`,
        `http://evil.example@${host}`,
        `http://${host}@evil.example`,
        `https://${host}`, // our host, another scheme
        `http://${hostname}:1`, // our host, another port
        `${ORIGIN}/`,
        'null',
        'https://evil.example',
      ]) {
        expect(await handshake(origin, transport), origin).toBe('origin refused');
      }
    });
  }
});
