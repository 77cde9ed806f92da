// pnpm bench:fanout — push fan-out: N Socket.IO clients (default 10,000) connected to one API
// process; for each state change, the latency from the moment it was published to its receipt at
// every client. Two clocks are reported: from the admin command being sent (includes the
// transition's database transaction), and from the view's serverTime (the push itself).
// Run with the open-files limit raised (the package script does `ulimit -n 65536`).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ShowStateView, socketEvents } from '@vault/contracts';
import { freePort, startProcess } from '@vault/testing';
import { io, type Socket } from 'socket.io-client';
import { ms, summarize } from './stats';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const BATCH = 500;

const port = await freePort();
const base = `http://localhost:${port}`;
const api = startProcess('apps/api/src/main.ts', {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vault-fanout-')),
  PORT: String(port),
  PUBLIC_URL: base,
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Production-like, with the local payment simulator chosen explicitly (env.ts refuses it otherwise).
  AUTHNET_MODE: 'simulator',
});
const sockets: Socket[] = [];
try {
  await api.waitFor('Vault is running');
  const password = api.output().match(/Demo admin: \S+ \/ (\S+)/)?.[1] ?? '';
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@vault.local', password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const show = await call('POST', '/api/shows', { title: 'Fan-out bench', perKnifeSeconds: 600, prerollSeconds: 600 });
  await call('POST', '/api/show-items', { showId: show.id, title: 'Knife', price: '10' });

  console.log(`bench:fanout — ${CLIENTS} Socket.IO clients on one API process (embedded), ${ROUNDS} state changes`);
  const connectStarted = Date.now();
  let latestStep = -1;
  let roundSentAt = 0;
  const fromCommand: number[] = [];
  const fromServerTime: number[] = [];
  let received = 0;
  for (let i = 0; i < CLIENTS; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, CLIENTS - i) }, () => {
      const socket = io(base, {
        transports: ['websocket'],
        extraHeaders: { cookie, origin: base },
        reconnection: false,
      });
      sockets.push(socket);
      socket.on(socketEvents.state, (view: ShowStateView) => {
        const now = Date.now();
        if (latestStep >= 0 && (view.show?.step ?? -1) >= latestStep) {
          fromCommand.push(now - roundSentAt);
          fromServerTime.push(now - view.serverTime);
          received++;
        }
      });
      return new Promise<void>((resolve, reject) => {
        socket.once(socketEvents.state, () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  console.log(`connected ${sockets.length} clients in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);

  for (let round = 0; round < ROUNDS; round++) {
    const before = received;
    roundSentAt = Date.now();
    const state = await call('GET', '/api/show/state');
    latestStep = (state.show?.step ?? 0) + 1;
    // Start and pause alternately: each is a new step of a show that stays live.
    await call('POST', round % 2 === 0 ? '/api/show/start' : '/api/show/pause', { showId: show.id });
    const deadline = Date.now() + 30_000;
    while (received - before < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (received - before < CLIENTS)
      console.log(`round ${round}: only ${received - before} of ${CLIENTS} clients received it`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const a = summarize(fromCommand);
  const b = summarize(fromServerTime);
  console.log(`deliveries: ${a.count} (${CLIENTS} clients × ${ROUNDS} changes)`);
  console.log(`from the command:    p50 ${ms(a.p50)} · p99 ${ms(a.p99)} · max ${ms(a.max)}`);
  console.log(`from the push:       p50 ${ms(b.p50)} · p99 ${ms(b.p99)} · max ${ms(b.max)} (target p99 ≤ 250 ms)`);
} finally {
  for (const socket of sockets) socket.disconnect();
  await api.stop(10_000);
}
