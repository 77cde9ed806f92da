import { createShowFollower, type ShowStateView, socketEvents } from '@vault/contracts';
import { apiWriter, buildShow, startStack } from '@vault/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';

const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

describe('scaled mode: two API replicas and a worker on Postgres + Redis', () => {
  it('clients on both replicas receive every transition of a show exactly once', async () => {
    const stack = await startStack({
      mode: 'scaled',
      apiReplicas: 2,
      workers: 1,
      // One public address: both replicas take the first one's Origin.
      sharedPublicUrl: true,
      sessionSecret: 'a-replica-test-secret-long-enough-12345',
      admin: { email: 'ops@vault.test', password: 'ops-password-1' },
    });
    try {
      const ports = stack.apiPorts;
      const origin = stack.url;
      const call = async (port: number, method: string, url: string, cookie: string, body?: unknown) => {
        const res = await fetch(`http://localhost:${port}${url}`, {
          method,
          headers: { 'content-type': 'application/json', origin, cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { res, json: (await res.json()) as { id: string } & Record<string, unknown> };
      };
      // One session, valid on both replicas (it lives in Postgres).
      const login = await call(ports[0] ?? 0, 'POST', '/api/auth/login', '', {
        email: 'ops@vault.test',
        password: 'ops-password-1',
      });
      const cookie = (login.res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect((await call(ports[1] ?? 0, 'GET', '/api/auth/user', cookie)).res.status).toBe(200);

      const received: number[][] = [];
      await Promise.all(
        ports.flatMap((port) =>
          [0, 1].map(
            () =>
              new Promise<void>((resolve, reject) => {
                const steps: number[] = [];
                received.push(steps);
                const socket = io(`http://localhost:${port}`, {
                  transports: ['websocket'],
                  extraHeaders: { cookie, origin },
                  reconnection: false,
                });
                sockets.push(socket);
                // Full states and changes alike: every push, rebuilt as the web client does.
                const follower = createShowFollower();
                const record = (view: ShowStateView | null) => {
                  if (!view) throw new Error('a change did not follow from the view held');
                  if (view.show) steps.push(view.show.step);
                };
                socket.on(socketEvents.state, (view: ShowStateView, rev: number) => record(follower.state(view, rev)));
                socket.on(socketEvents.change, (change: unknown) => record(follower.change(change)));
                socket.once('connect', () => resolve());
                socket.once('connect_error', reject);
              }),
          ),
        ),
      );

      // The show is created on one replica, its items added and started on the other.
      const writer = apiWriter(async (url, body) => {
        const port = url === '/api/shows' ? ports[0] : ports[1];
        return (await call(port ?? 0, 'POST', url, cookie, body)).json;
      });
      const { showId } = await buildShow(writer, {
        title: 'Replicas',
        perKnifeSeconds: 1,
        intermissionSeconds: 0,
        prerollSeconds: 1,
        items: ['A', 'B', 'C'].map((title) => ({ title, price: '5' })),
      });
      await call(ports[1] ?? 0, 'POST', '/api/show/start', cookie, { showId });

      // start (1), three items (2–4), completed (5): every client sees 1–4 once each, in order.
      await expect
        .poll(() => Math.min(...received.map((steps) => steps.filter((s) => s >= 1 && s <= 4).length)), {
          timeout: 15_000,
        })
        .toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const steps of received) {
        const live = steps.filter((s) => s >= 1);
        expect(live.slice(0, 4)).toEqual([1, 2, 3, 4]);
        expect(new Set(live).size).toBe(live.length);
      }
    } finally {
      await stack.stop();
    }
  });
});
