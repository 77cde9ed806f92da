import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, createServer as createHttpServer, type Server as HttpServer, request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Server as SocketIoServer } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type LinkProfile, linkProfiles } from './link-profiles';
import { type LinkProxy, startLinkProxy } from './link-proxy';
import { repoRoot } from './processes';

const still: LinkProfile = { ...linkProfiles.clean };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Listens on a free loopback port; the port. */
async function listenLocal(server: Server | HttpServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Waits for `listen` to call back, failing with the event's name after `ms`: a missed event is an error, not a hang. */
function within<T>(ms: number, event: string, listen: (done: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    listen((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** A loopback echo server that remembers its sockets, so a test can see what the server side saw. */
async function startEcho(): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.pipe(socket);
  });
  const port = await listenLocal(server);
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { server, port, sockets };
}

async function proxyTo(port: number, profile: LinkProfile = still): Promise<LinkProxy> {
  const proxy = await startLinkProxy({ target: { port }, profile });
  cleanups.push(() => proxy.close());
  return proxy;
}

/** A client socket that collects what it receives and records how it ended. */
async function client(port: number) {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  let received = '';
  const state: { error?: NodeJS.ErrnoException; closed: boolean } = { closed: false };
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', (error) => {
    state.error = error;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  cleanups.push(() => {
    socket.destroy();
  });
  await once(socket, 'connect');
  return {
    socket,
    state,
    received: () => received,
    async waitFor(text: string, timeoutMs = 5_000): Promise<number> {
      const started = performance.now();
      while (!received.includes(text)) {
        if (performance.now() - started > timeoutMs) throw new Error(`no "${text}" within ${timeoutMs} ms`);
        await sleep(2);
      }
      return performance.now() - started;
    },
  };
}

describe('link proxy', () => {
  it('adds the configured one-way delay in each direction (round trip ≈ 2 × 100 ms)', async () => {
    const echo = await startEcho();
    const proxy = await proxyTo(echo.port, { ...still, latencyMs: 100 });
    const link = await client(proxy.port);
    const roundTrips: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      link.socket.write(`ping-${i};`);
      roundTrips.push(await link.waitFor(`ping-${i};`));
    }
    roundTrips.sort((a, b) => a - b);
    const median = roundTrips[2] ?? Number.NaN;
    console.info(`round trips through a 100 ms link: ${roundTrips.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    expect(median).toBeGreaterThanOrEqual(198);
    expect(median).toBeLessThan(260);
  });

  it('never reorders a stream under jitter and stalls (1,000 numbered chunks, both directions)', async () => {
    const echo = await startEcho();
    const jittery: LinkProfile = { latencyMs: 20, jitterMs: 20, stallProbability: 0.05, stallMs: [20, 60] };
    const proxy = await proxyTo(echo.port, jittery);
    const link = await client(proxy.port);
    for (let i = 0; i < 1_000; i += 1) {
      link.socket.write(`${i}\n`);
      // Separate writes become separate chunks at the proxy, so each gets its own jitter and stall draw.
      if (i % 5 === 0) await sleep(1);
    }
    await link.waitFor('999\n', 15_000);
    const numbers = link.received().trim().split('\n').map(Number);
    expect(numbers).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    const stats = proxy.stats();
    console.info(`order test: ${stats.stalls} stalls, ${stats.bytesClientToServer} B up`);
    expect(stats.stalls).toBeGreaterThan(0);
  });

  it('blackholes without closing: nothing arrives during the outage, everything right after it', async () => {
    const echo = await startEcho();
    const proxy = await proxyTo(echo.port);
    const link = await client(proxy.port);
    link.socket.write('before;');
    await link.waitFor('before;');

    const started = performance.now();
    proxy.blackhole(1_000);
    link.socket.write('during;');
    const latecomer = await client(proxy.port);
    latecomer.socket.write('latecomer;');
    await sleep(800);
    expect(link.received()).toBe('before;');
    expect(latecomer.received()).toBe('');

    await link.waitFor('during;');
    await latecomer.waitFor('latecomer;');
    const deliveredAfter = performance.now() - started;
    console.info(`blackhole of 1000 ms: backlog delivered after ${deliveredAfter.toFixed(0)} ms`);
    expect(deliveredAfter).toBeGreaterThanOrEqual(995);
    expect(deliveredAfter).toBeLessThan(1_200);
    expect(link.state.closed).toBe(false);
    expect(link.state.error).toBeUndefined();
    expect(proxy.outages()).toMatchObject([{ kind: 'blackhole' }]);
  });

  it('resets open connections (ECONNRESET) and refuses new ones until the outage ends', async () => {
    const echo = await startEcho();
    const proxy = await proxyTo(echo.port);
    const link = await client(proxy.port);
    link.socket.write('hello;');
    await link.waitFor('hello;');

    const started = performance.now();
    proxy.reset(1_000);
    await new Promise((resolve) => link.socket.once('close', resolve));
    expect(link.state.error?.code).toBe('ECONNRESET');

    let refusals = 0;
    let echoedAfter = Number.NaN;
    while (performance.now() - started < 3_000) {
      try {
        // The kernel completes the handshake before the proxy resets, so a refusal shows as ECONNRESET
        // either on connect or on the first read.
        const attempt = await client(proxy.port);
        attempt.socket.write('again;');
        await attempt.waitFor('again;', 300).catch((error: unknown) => {
          throw attempt.state.error ?? error;
        });
        echoedAfter = performance.now() - started;
        break;
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ECONNRESET');
        refusals += 1;
        await sleep(20);
      }
    }
    console.info(`reset of 1000 ms: ${refusals} refused attempts, first echo after ${echoedAfter.toFixed(0)} ms`);
    expect(refusals).toBeGreaterThan(0);
    expect(echoedAfter).toBeGreaterThanOrEqual(1_000);
    expect(echoedAfter).toBeLessThan(1_400);
    expect(proxy.stats().connectionsRefused).toBe(refusals);
  });

  it('kills open connections silently: they stay open and mute, new ones work', async () => {
    const echo = await startEcho();
    const proxy = await proxyTo(echo.port);
    const old = await client(proxy.port);
    old.socket.write('alive;');
    await old.waitFor('alive;');

    proxy.killSilently();
    old.socket.write('anyone?;');
    const fresh = await client(proxy.port);
    fresh.socket.write('fresh;');
    await fresh.waitFor('fresh;');
    // The old client's FIN must not reach the server either: a dead link carries nothing.
    old.socket.end();
    await sleep(500);
    expect(old.received()).toBe('alive;');
    expect(old.state.error).toBeUndefined();
    expect(echo.sockets.size).toBe(2);
    expect(proxy.stats()).toMatchObject({ connectionsOpened: 2, connectionsOpen: 1, connectionsSilenced: 1 });
  });

  it('carries HTTP keep-alive: several requests over one connection', async () => {
    let connectionsSeen = 0;
    const server = createHttpServer((req, res) => res.end(`you asked for ${req.url}`));
    server.on('connection', () => {
      connectionsSeen += 1;
    });
    const port = await listenLocal(server);
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const proxy = await proxyTo(port, { ...still, latencyMs: 10, jitterMs: 10 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());

    for (const item of ['a', 'b', 'c']) {
      const body = await new Promise<string>((resolve, reject) => {
        request(`${proxy.url}/${item}`, { agent }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      expect(body).toBe(`you asked for /${item}`);
    }
    expect(connectionsSeen).toBe(1);
  });

  it('carries Socket.IO (polling, then the WebSocket upgrade) over a lossy link', async () => {
    const httpServer = createHttpServer();
    const ioServer = new SocketIoServer(httpServer);
    ioServer.on('connection', (socket) => {
      socket.on('ready', () => socket.emit('sold', { itemId: 'item-1' }));
    });
    const port = await listenLocal(httpServer);
    // io.close() closes the HTTP server as well.
    cleanups.push(() => new Promise((resolve) => ioServer.close(() => resolve())));
    const proxy = await proxyTo(port, { ...linkProfiles.lossy, stallProbability: 0 });

    const socket = io(proxy.url, { reconnection: false });
    cleanups.push(() => {
      socket.close();
    });
    // Both listeners go on before either can fire: over a jittered link the upgrade can finish before the
    // Socket.IO connect does, and a listener added after its event would wait forever.
    const connected = within(5_000, 'connect', (done) => socket.once('connect', () => done(undefined)));
    const upgraded = within(10_000, 'upgrade', (done) => socket.io.engine.once('upgrade', () => done(undefined)));
    await connected;
    await upgraded;
    expect(socket.io.engine.transport.name).toBe('websocket');
    const sold = within(5_000, 'sold', (done) => socket.once('sold', done));
    socket.emit('ready');
    expect(await sold).toEqual({ itemId: 'item-1' });
  });

  it('leaves no handle behind after close(): a process that used every fault exits on its own', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = `
      import { createServer, connect } from 'node:net';
      import { startLinkProxy } from ${JSON.stringify(path.join(here, 'link-proxy.ts'))};
      import { linkProfiles } from ${JSON.stringify(path.join(here, 'link-profiles.ts'))};
      const echo = createServer((s) => { s.on('error', () => {}); s.pipe(s); }).listen(0, '127.0.0.1');
      await new Promise((r) => echo.once('listening', r));
      const proxy = await startLinkProxy({ target: { port: echo.address().port },
        profile: { ...linkProfiles.lossy, blackhole: { everyMs: 300, forMs: 100 }, reset: { everyMs: 500, forMs: 100 } } });
      const open = () => { const s = connect(proxy.port, '127.0.0.1'); s.on('error', () => {}); s.write('x'.repeat(1000)); return s; };
      open(); open();
      await new Promise((r) => setTimeout(r, 700));
      open(); proxy.killSilently(); open(); proxy.blackhole(5000); open();
      await proxy.close();
      echo.close();
      console.log('closed');
    `;
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const child = spawn(tsx, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = once(child, 'exit');
    const deadline = sleep(8_000).then(() => 'still running' as const);
    const result = await Promise.race([exited, deadline]);
    if (result === 'still running') child.kill('SIGKILL');
    expect(output).toContain('closed');
    expect(result).toEqual([0, null]);
  });
});
