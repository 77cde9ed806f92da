import { setTimeout as sleep } from 'node:timers/promises';
import {
  createShowFollower,
  type ShowChange,
  type ShowStateView,
  type SocketBuyAck,
  socketEvents,
} from '@vault/contracts';
import { backends, eventually, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceShowTo, buildTestApp, buyAs, listenUrl, ORIGIN, startLiveShow, type TestApp } from '../test-app';

// Every Buy press of the item on screen is recorded (in memory, then in batches): who, when, how
// many, and how soon after the item's reveal reached them, net of their measured round trip. The
// line of presses is read across replicas in the order they were received.

const FLOOR_MS = 150;

interface Followed {
  socket: Socket;
  /** When (Date.now) each pushed view arrived, with its current item. */
  views: Array<{ at: number; itemId: string | null }>;
  /** When this socket first saw `itemId` as the current item. */
  revealedAt(itemId: string): Promise<number>;
}

/** A member's socket on `app` that follows every pushed view, and when it arrived. */
async function follow(app: FastifyInstance, member: SeededMember, opened: Socket[]): Promise<Followed> {
  const socket = io(listenUrl(app), {
    transports: ['websocket'],
    extraHeaders: { cookie: member.cookie, origin: ORIGIN },
    reconnection: false,
  });
  opened.push(socket);
  const follower = createShowFollower();
  const views: Followed['views'] = [];
  const seen = (view: ShowStateView | null) => {
    if (!view) throw new Error('a change did not follow from the view held');
    views.push({ at: Date.now(), itemId: view.currentItem?.id ?? null });
  };
  socket.on(socketEvents.state, (view: ShowStateView, rev: number) => seen(follower.state(view, rev)));
  socket.on(socketEvents.change, (change: ShowChange) => seen(follower.change(change)));
  await new Promise<void>((resolve, reject) => {
    socket.once(socketEvents.state, () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    views,
    revealedAt: (itemId) =>
      eventually(() => views.find((view) => view.itemId === itemId)?.at, { within: 5000, what: 'the reveal' }),
  };
}

const socketBuy = (socket: Socket, showItemId: string) =>
  socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId }) as Promise<SocketBuyAck>;

/** The recorded presses of an item, first press first, after every replica given has flushed. */
async function pressesOf(t: TestApp, showItemId: string, apps: FastifyInstance[] = [t.app]) {
  for (const app of apps) await app.presses.flush();
  return t.database.db
    .selectFrom('buyPresses')
    .selectAll()
    .where('showItemId', '=', showItemId)
    .orderBy('receivedAt')
    .orderBy('id')
    .execute();
}

describe.each(backends)('recording Buy presses on %s', (backend) => {
  let t: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true, config: { humanFloorMs: FLOOR_MS } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const members = (count: number) =>
    seedOnboardedMembers(t.database.db, { count, sessionSecret: t.app.config.sessionSecret });

  /**
   * Runs the show's clock to its item `index` and waits until this replica shows it: the clock's
   * wake-up reaches the replica's snapshot over the bus, and presses are recorded from then.
   */
  async function showing(item: { id: string }, showId: string, index: number) {
    await advanceShowTo(t, showId, index);
    await eventually(() => t.app.shows.store.view(Date.now()).currentItem?.id === item.id, {
      within: 5000,
      what: 'the replica showing the item',
    });
  }

  it('records each member’s presses of the item on screen once, in the order received, with how many', async () => {
    const { items } = await startLiveShow(t, 2);
    const [first, second, third] = await members(3);
    const [onScreen, next] = items;
    if (!first || !second || !third || !onScreen || !next) throw new Error('setup');
    const socket = await follow(t.app, second, sockets);

    expect((await buyAs(t.app, first, onScreen.id)).statusCode).toBe(200);
    await sleep(3);
    expect((await socketBuy(socket.socket, onScreen.id)).ok).toBe(false); // sold: still a press
    await sleep(3);
    expect((await buyAs(t.app, third, onScreen.id)).statusCode).toBe(409);
    expect((await buyAs(t.app, first, onScreen.id)).statusCode).toBe(200); // a replay of the purchase
    await socketBuy(socket.socket, onScreen.id);
    // Not on screen: refused by the seller, and no press of the item on screen.
    expect((await buyAs(t.app, third, next.id)).statusCode).toBe(409);

    const rows = await pressesOf(t, onScreen.id);
    expect(rows.map((row) => [row.userId, row.transport, row.presses])).toEqual([
      [first.userId, 'http', 2],
      [second.userId, 'socket', 2],
      [third.userId, 'http', 1],
    ]);
    expect(await pressesOf(t, next.id)).toEqual([]);
    // The socket member's reveal went out when this replica pushed the item (they were not yet
    // connected: measured from the push, their reaction only looks slower). The HTTP members never
    // polled this replica and have no socket here: no reveal time is known for them.
    expect(rows[0]).toMatchObject({ reactionMs: null, flagged: false });
    expect(rows[1]?.reactionMs).toBeGreaterThan(0);
    expect(await t.app.presses.line(onScreen.id)).toEqual([first.userId, second.userId, third.userId]);
  });

  it('measures a reaction from the reveal each member got, net of their round trip, and flags a scripted one', async () => {
    const { show, items } = await startLiveShow(t, 3);
    const [person, bot, poller] = await members(3);
    const item = items[1];
    if (!person || !bot || !poller || !item) throw new Error('setup');
    const personSocket = await follow(t.app, person, sockets);
    const botSocket = await follow(t.app, bot, sockets);
    // The person's client measured a 40 ms round trip; the bot's says nothing.
    const rttMs = 40;
    await personSocket.socket.timeout(5000).emitWithAck(socketEvents.clockPing, { clientTime: Date.now(), rttMs });

    // The bot presses the moment the item's view arrives.
    let botPress: Promise<SocketBuyAck> | undefined;
    const pressOnSight = () => {
      if (!botPress && botSocket.views.at(-1)?.itemId === item.id) botPress = socketBuy(botSocket.socket, item.id);
    };
    botSocket.socket.on(socketEvents.change, pressOnSight);
    botSocket.socket.on(socketEvents.state, pressOnSight);
    const advanced = Date.now();
    await advanceShowTo(t, show.id, 1);
    const revealed = await personSocket.revealedAt(item.id);

    // The poller (no socket) reads the state, then presses over HTTP 200 ms later.
    const polled = Date.now();
    const state = await t.app.inject({ method: 'GET', url: '/api/show/state', headers: { cookie: poller.cookie } });
    const answered = Date.now();
    expect(state.json().currentItem.id).toBe(item.id);

    await sleep(300 - (Date.now() - revealed));
    const pressed = Date.now();
    await socketBuy(personSocket.socket, item.id);
    const acked = Date.now();
    await sleep(200 - (Date.now() - answered));
    const pollerPressed = Date.now();
    await buyAs(t.app, poller, item.id);
    const pollerAnswered = Date.now();
    await eventually(() => botPress, { within: 5000, what: 'the bot’s press' });
    await botPress;

    const rows = await pressesOf(t, item.id);
    const rowOf = (member: SeededMember) => rows.find((row) => row.userId === member.userId);
    // From the push to the press, less the round trip: at least the time the client waited after
    // the view arrived, at most the time from the advance to the ack (ms rounding either way).
    const personMs = rowOf(person)?.reactionMs ?? Number.NaN;
    expect(personMs).toBeGreaterThanOrEqual(pressed - revealed - rttMs - 2);
    expect(personMs).toBeLessThanOrEqual(acked - advanced - rttMs + 2);
    expect(rowOf(person)).toMatchObject({ transport: 'socket', flagged: false });
    const pollerMs = rowOf(poller)?.reactionMs ?? Number.NaN;
    expect(pollerMs).toBeGreaterThanOrEqual(pollerPressed - answered - 2);
    expect(pollerMs).toBeLessThanOrEqual(pollerAnswered - polled + 2);
    expect(rowOf(poller)).toMatchObject({ transport: 'http', flagged: false });
    const botMs = rowOf(bot)?.reactionMs ?? Number.NaN;
    expect(botMs).toBeLessThan(FLOOR_MS);
    expect(rowOf(bot)).toMatchObject({ transport: 'socket', flagged: true });
    // The bot pressed first.
    expect(rows[0]?.userId).toBe(bot.userId);
  });

  it('starts an item’s line over when a reset puts it back on sale; a sold item keeps its presses', async () => {
    const { show, items } = await startLiveShow(t, 2);
    const [earlier, later] = await members(2);
    // Their card is declined: their press leaves the item unsold.
    const [declined] = await seedOnboardedMembers(t.database.db, {
      count: 1,
      sessionSecret: t.app.config.sessionSecret,
      card: 'decline-charge',
    });
    const [sold, unsold] = items;
    if (!earlier || !later || !declined || !sold || !unsold) throw new Error('setup');
    expect((await buyAs(t.app, earlier, sold.id)).statusCode).toBe(200);
    await showing(unsold, show.id, 1);
    expect((await buyAs(t.app, declined, unsold.id)).statusCode).toBe(402);
    expect((await pressesOf(t, unsold.id)).map((row) => row.userId)).toEqual([declined.userId]);

    await t.app.shows.driver.command(show.id, { type: 'reset' });
    await t.app.shows.driver.command(show.id, { type: 'start' });
    expect(await pressesOf(t, unsold.id)).toEqual([]);
    expect((await pressesOf(t, sold.id)).map((row) => row.userId)).toEqual([earlier.userId]);
    // The next run: only who presses in it is in its line.
    await showing(unsold, show.id, 1);
    await buyAs(t.app, later, unsold.id);
    expect(await t.app.presses.line(unsold.id)).toEqual([later.userId]);
  });

  it('gives no reaction for an item whose reveal a replica did not see (it started after)', async () => {
    const { items } = await startLiveShow(t, 1);
    const [member] = await members(1);
    const item = items[0];
    if (!member || !item) throw new Error('setup');
    const late = await t.sibling();
    await late.listen({ port: 0, host: '127.0.0.1' });
    const socket = await follow(late, member, sockets);
    await socketBuy(socket.socket, item.id);
    const [row] = await pressesOf(t, item.id, [late]);
    expect(row).toMatchObject({ userId: member.userId, reactionMs: null, flagged: false, transport: 'socket' });
  });
});

describe('the line of presses across two replicas', () => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    other = await t.sibling({ ownBus: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is every member who pressed on either replica, in the order the presses were received', async () => {
    const { items } = await startLiveShow(t, 1);
    const item = items[0];
    if (!item) throw new Error('setup');
    await eventually(() => other.shows.store.view(Date.now()).currentItem?.id === item.id, {
      within: 5000,
      what: 'the other replica showing the item',
    });
    const pressers = await seedOnboardedMembers(t.database.db, {
      count: 10,
      sessionSecret: t.app.config.sessionSecret,
    });
    // Alternating replicas, a few ms apart (the order across replicas is the order of their clocks).
    for (const [i, member] of pressers.entries()) {
      await buyAs(i % 2 === 0 ? t.app : other, member, item.id);
      await sleep(3);
    }
    // A second press by the first presser, on the other replica: counted, not moved.
    const [firstPresser] = pressers;
    if (!firstPresser) throw new Error('setup');
    await buyAs(other, firstPresser, item.id);
    // At once: the other replica's batch is not written yet; the line waits for it.
    const line = await t.app.presses.line(item.id);
    expect(line).toEqual(pressers.map((member) => member.userId));
    const rows = await pressesOf(t, item.id, [t.app, other]);
    expect(rows.map((row) => row.presses)).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(rows.map((row) => row.userId)).toEqual(line);
  });
});
