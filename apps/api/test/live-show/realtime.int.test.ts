import {
  authMessages,
  ClockPong,
  createShowFollower,
  diffJson,
  ErrorBody,
  type ShowChange,
  type ShowStateView,
  socketEvents,
} from '@vault/contracts';
import { backends, DEFAULT_KNIFE_FACTS, seedOnboardedMembers } from '@vault/testing';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../support/passwords';
import { type Agent, agent, buildTestApp, listenUrl, ORIGIN, type TestApp } from '../test-app';

describe.each(backends)('live push over Socket.IO on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: Agent;
  let memberCookie: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    url = listenUrl(t.app);
    const password = await cheapPasswordHash('password-123');
    await t.database.db
      .insertInto('users')
      .values([
        { email: 'admin@example.com', password, role: 'admin' },
        { email: 'member@example.com', password },
      ])
      .execute();
    admin = agent(t.app);
    await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'password-123' });
    const member = agent(t.app);
    await member.post('/api/auth/login', { email: 'member@example.com', password: 'password-123' });
    memberCookie = member.sessionCookie();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  function connect(headers: Record<string, string>) {
    const socket = io(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false });
    sockets.push(socket);
    return socket;
  }

  it('sends the state at once on connect, then every change, and ticks every second', async () => {
    const socket = connect({ cookie: memberCookie, origin: ORIGIN });
    const states: ShowStateView[] = [];
    const changes: ShowChange[] = [];
    const follower = createShowFollower();
    let ticks = 0;
    socket.on(socketEvents.state, (state: ShowStateView, rev: number) => states.push(follower.state(state, rev)));
    socket.on(socketEvents.change, (change: ShowChange) => {
      changes.push(change);
      const view = follower.change(change);
      if (!view) throw new Error(`a change did not follow from the view held: ${JSON.stringify(change)}`);
      states.push(view);
    });
    socket.on(socketEvents.tick, () => ticks++);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    await expect.poll(() => states.length).toBeGreaterThanOrEqual(1);
    expect(states[0]).toMatchObject({ active: false });

    const show = (await admin.post('/api/shows', { title: 'Pushed', perKnifeSeconds: 30 })).json();
    await admin.post('/api/show-items', { showId: show.id, title: 'K', price: '9', ...DEFAULT_KNIFE_FACTS });
    await admin.post('/api/show/start', { showId: show.id });
    await expect.poll(() => states.at(-1)?.active, { timeout: 5000 }).toBe(true);
    expect(states.at(-1)).toMatchObject({ show: { id: show.id, status: 'running', phase: 'preroll' } });
    await expect.poll(() => ticks, { timeout: 3000 }).toBeGreaterThanOrEqual(1);
    await admin.post('/api/show/reset', { showId: show.id });
    await expect.poll(() => states.at(-1)?.active, { timeout: 5000 }).toBe(false);

    // After the full view on connect, changes came as ops, each smaller than the view it makes,
    // and the view they rebuild is the one the poll serves (but for the clock's fields).
    expect(changes.length).toBeGreaterThanOrEqual(1);
    for (const [i, change] of changes.entries()) {
      expect(JSON.stringify(change).length).toBeLessThan(JSON.stringify(states[i + 1]).length);
    }
    const polled: ShowStateView = (await admin.get('/api/show/state')).json();
    const clockless = ({ serverTime, timeRemaining, timeUntilLaunch, ...rest }: ShowStateView) => rest;
    expect(clockless(states.at(-1) as ShowStateView)).toEqual(clockless(polled));
  });

  it('numbers every push, and sends each as the smaller of the change and the full view', async () => {
    const socket = connect({ cookie: memberCookie, origin: ORIGIN });
    const pushes: Array<{ rev: number; active: boolean; bytes: number; other: number }> = [];
    const follower = createShowFollower();
    let held: ShowStateView | null = null;
    socket.on(socketEvents.state, (view: ShowStateView, rev: number) => {
      // What the change would have weighed, had it been sent.
      const other = held ? JSON.stringify({ base: rev - 1, rev, ops: diffJson(held, view) }).length : Infinity;
      held = follower.state(view, rev);
      pushes.push({ rev, active: view.active, bytes: JSON.stringify(view).length, other });
    });
    socket.on(socketEvents.change, (change: ShowChange) => {
      const view = follower.change(change);
      if (!view) throw new Error('a change did not follow from the view held');
      held = view;
      pushes.push({
        rev: change.rev,
        active: view.active,
        bytes: JSON.stringify(change).length,
        other: JSON.stringify(view).length,
      });
    });
    await expect.poll(() => pushes.length).toBe(1);
    const show = (await admin.post('/api/shows', { title: 'Numbered', perKnifeSeconds: 30 })).json();
    await admin.post('/api/show-items', { showId: show.id, title: 'K', price: '9', ...DEFAULT_KNIFE_FACTS });
    await admin.post('/api/show/start', { showId: show.id });
    await expect.poll(() => pushes.at(-1)?.active, { timeout: 5000 }).toBe(true);
    await admin.post('/api/show/reset', { showId: show.id });
    await expect.poll(() => pushes.at(-1)?.active, { timeout: 5000 }).toBe(false);
    for (const [i, push] of pushes.entries()) {
      expect(push.bytes).toBeLessThanOrEqual(push.other);
      if (i > 0) expect(push.rev).toBe((pushes[i - 1]?.rev ?? 0) + 1);
    }
  });

  it('answers a clock ping with the server time, so the client can measure its round trip', async () => {
    const socket = connect({ cookie: memberCookie, origin: ORIGIN });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const sent = Date.now();
    const pong = ClockPong.parse(await socket.timeout(2000).emitWithAck(socketEvents.clockPing, { clientTime: sent }));
    expect(pong.clientTime).toBe(sent);
    expect(pong.serverTime).toBeGreaterThanOrEqual(sent);
    expect(pong.serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a socket without a session', async () => {
    const socket = connect({ origin: ORIGIN });
    const error = await new Promise<Error & { data?: unknown }>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe(authMessages.notSignedIn);
    expect(ErrorBody.parse(error.data)).toEqual({ message: authMessages.notSignedIn, code: 'not_signed_in' });
  });

  it('refuses a socket from another origin', async () => {
    const socket = connect({ cookie: memberCookie, origin: 'https://evil.example' });
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error).toBeInstanceOf(Error);
    expect(socket.connected).toBe(false);
  });

  it('tells admins, live, how many members are watching (admins do not count; two tabs are one member)', async () => {
    const adminSocket = connect({ cookie: admin.sessionCookie(), origin: ORIGIN });
    const counts: number[] = [];
    adminSocket.on(socketEvents.watchers, (view: { count: number }) => counts.push(view.count));
    await expect.poll(() => counts.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    const before = (await admin.get('/api/show/watchers')).json().count as number;
    expect(counts.at(-1)).toBe(before);

    // A member who is not watching yet, with the show open in two tabs.
    const [fresh] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: 'test-session-secret-at-least-32-characters',
    });
    const cookie = fresh?.cookie ?? '';
    const watchers = [connect({ cookie, origin: ORIGIN }), connect({ cookie, origin: ORIGIN })];
    await expect.poll(() => counts.at(-1), { timeout: 8000 }).toBe(before + 1);
    expect((await admin.get('/api/show/watchers')).json()).toEqual({ count: before + 1 });
    for (const w of watchers) w.disconnect();
    await expect.poll(() => counts.at(-1), { timeout: 8000 }).toBe(before);
  });
});
