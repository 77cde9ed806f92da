import { authMessages } from '@vault/contracts';
import { backends } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/core/tokens';
import { cheapPasswordHash } from '../support/passwords';
import {
  agent,
  buildTestApp,
  currentUser,
  listenUrl,
  msUntilRefused,
  ORIGIN,
  sessionCount,
  type TestApp,
} from '../test-app';

/**
 * Ending a session takes effect on every replica at once: logout and a password reset drop the
 * session from every instance's cache (not after its 5 s TTL) and disconnect its sockets. On
 * Postgres the second replica has its own Redis bus connection, so the message really crosses
 * Redis; on PGlite both share the in-process bus (embedded mode is one process).
 */
describe.each(backends)('ending sessions on every replica on %s', (backend) => {
  let t: TestApp;
  let replicaB: FastifyInstance;
  const urls: Record<'a' | 'b', string> = { a: '', b: '' };
  const sockets: Socket[] = [];
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    urls.a = listenUrl(t.app);
    // Replica B: same database and Redis, its own bus connection (as another process would have).
    replicaB = await t.sibling({ ownBus: true });
    await replicaB.listen({ port: 0, host: '127.0.0.1' });
    urls.b = listenUrl(replicaB);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  /** A member signed in on replica A. */
  async function signedIn() {
    const email = `member-${backend}-${++seq}@example.com`;
    const password = 'sharp-edges-99';
    const user = await t.database.db
      .insertInto('users')
      .values({ email, password: await cheapPasswordHash(password), emailVerified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = agent(t.app);
    expect((await a.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    const cookie = a.sessionCookie();
    return { userId: user.id, email, password, a, cookie };
  }

  function connect(url: string, cookie: string): Promise<Socket> {
    const socket = io(url, {
      transports: ['websocket'],
      extraHeaders: { cookie, origin: ORIGIN },
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const disconnected = (socket: Socket) =>
    new Promise<number>((resolve) => {
      if (!socket.connected) resolve(Date.now());
      socket.once('disconnect', () => resolve(Date.now()));
    });

  it('POST /api/auth/logout expires the cookie and ends the session on the other replica at once', async () => {
    const { a, cookie } = await signedIn();
    // Warm replica B's cache: without the bus it would keep answering 200 for up to 5 s.
    expect((await currentUser(replicaB, cookie)).statusCode).toBe(200);
    expect((await currentUser(replicaB, cookie)).statusCode).toBe(200);

    const res = await a.post('/api/auth/logout');
    const loggedOutAt = Date.now();
    expect(res.statusCode).toBe(200);
    const cleared = (res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>).find(
      (c) => c.name === 'vault.sid',
    );
    expect(cleared).toBeDefined();
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(await msUntilRefused(replicaB, cookie, loggedOutAt)).toBeLessThan(500);
    expect((await currentUser(t.app, cookie)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the member on every replica at once', async () => {
    const { userId, email, cookie } = await signedIn();
    const second = agent(replicaB);
    await second.post('/api/auth/login', { email, password: 'sharp-edges-99' });
    const secondCookie = second.sessionCookie();
    for (const c of [cookie, secondCookie]) expect((await currentUser(replicaB, c)).statusCode).toBe(200);

    const reset = createToken();
    await t.database.db
      .updateTable('users')
      .set({ resetToken: reset.hash, resetTokenExpiry: new Date(Date.now() + 60_000) })
      .where('id', '=', userId)
      .execute();
    const res = await agent(t.app).post('/api/auth/reset-password', { token: reset.token, password: 'new-edges-100' });
    const resetAt = Date.now();
    expect(res.statusCode).toBe(200);
    expect(await msUntilRefused(replicaB, cookie, resetAt)).toBeLessThan(500);
    expect(await msUntilRefused(replicaB, secondCookie, resetAt)).toBeLessThan(500);
    expect(await sessionCount(t.database, userId)).toBe(0);
    // The new password signs in, on either replica, and that new session works at once.
    const fresh = agent(replicaB);
    expect((await fresh.post('/api/auth/login', { email, password: 'new-edges-100' })).statusCode).toBe(200);
    expect((await fresh.get('/api/auth/user')).statusCode).toBe(200);
  });

  it("logout disconnects that session's sockets on both replicas within 1 s; others stay; the old cookie cannot reconnect", async () => {
    const leaving = await signedIn();
    const staying = await signedIn();
    const onA = await connect(urls.a, leaving.cookie);
    const onB = await connect(urls.b, leaving.cookie);
    const other = await connect(urls.b, staying.cookie);
    const ends = [disconnected(onA), disconnected(onB)];

    const res = await leaving.a.post('/api/auth/logout');
    const loggedOutAt = Date.now();
    expect(res.statusCode).toBe(200);
    for (const at of await Promise.all(ends)) expect(at - loggedOutAt).toBeLessThan(1000);

    await new Promise((r) => setTimeout(r, 300));
    expect(other.connected).toBe(true);
    await expect(connect(urls.b, leaving.cookie)).rejects.toThrow(authMessages.notSignedIn);
    await expect(connect(urls.a, leaving.cookie)).rejects.toThrow(authMessages.notSignedIn);
  });

  it('a password reset disconnects every socket of the member, on every replica and device', async () => {
    const member = await signedIn();
    const laptop = agent(replicaB);
    await laptop.post('/api/auth/login', { email: member.email, password: member.password });
    const staying = await signedIn();
    const phone = await connect(urls.a, member.cookie);
    const desk = await connect(urls.b, laptop.sessionCookie());
    const other = await connect(urls.a, staying.cookie);
    const ends = [disconnected(phone), disconnected(desk)];

    const reset = createToken();
    await t.database.db
      .updateTable('users')
      .set({ resetToken: reset.hash, resetTokenExpiry: new Date(Date.now() + 60_000) })
      .where('id', '=', member.userId)
      .execute();
    const res = await agent(t.app).post('/api/auth/reset-password', { token: reset.token, password: 'new-edges-100' });
    const resetAt = Date.now();
    expect(res.statusCode).toBe(200);
    for (const at of await Promise.all(ends)) expect(at - resetAt).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.connected).toBe(true);
  });
});
