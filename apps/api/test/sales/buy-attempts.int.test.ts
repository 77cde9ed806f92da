import { type SocketBuyAck, socketEvents } from '@vault/contracts';
import type { BuyAttemptOutcome } from '@vault/db';
import { backends, DEFAULT_KNIFE_FACTS, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptCounter } from '../../src/sales/attempts';
import { buildTestApp, buyAs, memberSocket, startLiveShow, type TestApp } from '../test-app';

describe.each(backends)('buy attempts per item on %s', (backend) => {
  let t: TestApp;
  let other: FastifyInstance | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(backend, { listen: true });
    if (backend === 'postgres') other = await t.sibling({ ownBus: true });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const members = (count: number) => seedOnboardedMembers(db(), { count, sessionSecret: t.app.config.sessionSecret });
  const buy = (member: SeededMember, showItemId: string, app: FastifyInstance = t.app) =>
    buyAs(app, member, showItemId);
  /** The stored counts of one item, by outcome (absent outcomes left out). */
  async function counts(showItemId: string): Promise<Partial<Record<BuyAttemptOutcome, number>>> {
    const rows = await db()
      .selectFrom('itemBuyAttempts')
      .select(['outcome', 'count'])
      .where('showItemId', '=', showItemId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.outcome, row.count]));
  }
  /** The distinct members stored for one item, by outcome (absent outcomes left out). */
  async function memberCounts(showItemId: string): Promise<Partial<Record<BuyAttemptOutcome, number>>> {
    const rows = await db()
      .selectFrom('itemBuyAttemptMembers')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('members')])
      .where('showItemId', '=', showItemId)
      .groupBy('outcome')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.outcome, Number(row.members)]));
  }
  /** Made-up member ids for counters fed by hand. */
  const someone = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  /** A logger whose warnings and errors the test reads. */
  function capturedLog() {
    const lines: Array<{ level: number; msg: string; presses?: number }> = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { log, lines };
  }

  it('counts a burst of presses by outcome, over HTTP and the socket, flushed within seconds', async () => {
    const { items } = await startLiveShow(t, 1);
    const item = items[0];
    if (!item) throw new Error('setup');
    const buyers = await members(40);
    const socketBuyers = await members(5);
    const opened = await Promise.all(socketBuyers.map((m) => memberSocket(t.app, m.cookie, sockets)));

    const answers = await Promise.all(buyers.map((m) => buy(m, item.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.json().code === 'sold')).toHaveLength(39);
    const acks = await Promise.all(
      opened.map(
        async (socket) =>
          (await socket.timeout(10_000).emitWithAck(socketEvents.buy, { showItemId: item.id })) as SocketBuyAck,
      ),
    );
    expect(acks.every((ack) => !ack.ok && ack.code === 'sold')).toBe(true);

    // No flush asked for: the app's own timer writes them.
    await expect.poll(() => counts(item.id), { timeout: 5000, interval: 100 }).toEqual({ won: 1, sold: 44 });
    // 45 members, each pressing once: as many members as presses.
    expect(await memberCounts(item.id)).toEqual({ won: 1, sold: 44 });
  });

  it('counts a member pressing again and again once among the members, every press among the presses', async () => {
    const { items } = await startLiveShow(t, 1);
    const item = items[0];
    if (!item) throw new Error('setup');
    const [winner, keen, calm] = await members(3);
    if (!winner || !keen || !calm) throw new Error('setup');
    expect((await buy(winner, item.id)).statusCode).toBe(200);
    // Within the press budget's burst: every one of these reaches the seller and is counted.
    for (let i = 0; i < 5; i++) expect((await buy(keen, item.id)).json()).toMatchObject({ code: 'sold' });
    expect((await buy(calm, item.id)).json()).toMatchObject({ code: 'sold' });
    await t.app.sales.attempts.flush();
    expect(await counts(item.id)).toEqual({ won: 1, sold: 6 });
    expect(await memberCounts(item.id)).toEqual({ won: 1, sold: 2 });

    // The report says both: 7 attempts by 3 members.
    const [admin] = await members(1);
    if (!admin) throw new Error('setup');
    await db().updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const { show } = await db()
      .selectFrom('showItems')
      .select('showId as show')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    const report = await t.app.inject({ url: `/api/shows/${show}/report`, headers: { cookie: admin.cookie } });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals).toMatchObject({ attempts: 7, attemptMembers: 3 });
    expect(report.json().items[0]).toMatchObject({
      attempts: { won: 1, sold: 6, total: 7 },
      attemptMembers: { won: 1, sold: 2, total: 3 },
    });
  });

  it('adds presses up in memory and writes them as increments, one statement per flush', async () => {
    const { items } = await startLiveShow(t, 2);
    const [first, second] = items;
    if (!first || !second) throw new Error('setup');
    let statements = 0;
    const counted = db().withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const counter = createAttemptCounter({ db: counted, log: capturedLog().log });
    // 2,000 refusals by 40 members (50 each), one win, one sale elsewhere.
    for (let i = 0; i < 2000; i++) counter.record(first.id, 'refused', someone(i % 40));
    counter.record(first.id, 'won', someone(1));
    counter.record(second.id, 'sold', someone(2));
    // A refusal costs no write: nothing reaches the database until the flush.
    expect(statements).toBe(0);
    expect(await counts(first.id)).toEqual({});

    await counter.flush();
    expect(statements).toBe(1);
    expect(await counts(first.id)).toEqual({ refused: 2000, won: 1 });
    expect(await memberCounts(first.id)).toEqual({ refused: 40, won: 1 });
    expect(await counts(second.id)).toEqual({ sold: 1 });
    // The next flush adds to the totals (a member already counted stays one); an empty one writes nothing.
    counter.record(first.id, 'refused', someone(3));
    await counter.flush();
    await counter.flush();
    expect(statements).toBe(2);
    expect(await counts(first.id)).toEqual({ refused: 2001, won: 1 });
    expect(await memberCounts(first.id)).toEqual({ refused: 40, won: 1 });
  });

  it('keeps the counts of a failed flush for the next one, and drops them past its caps', async () => {
    const { items } = await startLiveShow(t, 3);
    const [a, b, c] = items;
    if (!a || !b || !c) throw new Error('setup');
    const refuseWrites = async (on: boolean) => {
      if (on) {
        await sql`create or replace function refuse_attempts() returns trigger language plpgsql as $$
          begin raise exception 'attempts refused by the test'; end $$`.execute(db());
        await sql`create trigger refuse_attempts before insert or update on item_buy_attempts
          for each row execute function refuse_attempts()`.execute(db());
      } else {
        await sql`drop trigger refuse_attempts on item_buy_attempts`.execute(db());
      }
    };

    const { log, lines } = capturedLog();
    const counter = createAttemptCounter({ db: db(), log });
    counter.record(a.id, 'declined', someone(7));
    await refuseWrites(true);
    await counter.flush();
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringContaining('kept for the next flush'), presses: 1 });
    counter.record(a.id, 'declined', someone(7));
    await counter.flush();
    await refuseWrites(false);
    await counter.flush();
    expect(await counts(a.id)).toEqual({ declined: 2 });

    // Past the failure cap: logged and dropped.
    const capped = createAttemptCounter({ db: db(), log }, { maxFailedFlushes: 2 });
    capped.record(b.id, 'timeout', someone(7));
    await refuseWrites(true);
    await capped.flush();
    await capped.flush();
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringContaining('dropping these counts'), presses: 1 });
    await refuseWrites(false);
    await capped.flush();
    expect(await counts(b.id)).toEqual({});

    // Past the pairs cap: a new (item, outcome) is dropped, the known ones still count.
    const small = createAttemptCounter({ db: db(), log }, { maxPendingPairs: 2 });
    small.record(a.id, 'error', someone(7));
    small.record(b.id, 'error', someone(7));
    small.record(c.id, 'error', someone(7));
    small.record(a.id, 'error', someone(7));
    await small.flush();
    expect(lines.at(-1)).toMatchObject({ msg: expect.stringContaining('dropped'), presses: 1 });
    expect(await counts(a.id)).toMatchObject({ error: 2 });
    expect(await counts(b.id)).toEqual({ error: 1 });
    expect(await counts(c.id)).toEqual({});
  });

  it('counts no press for an item that does not exist, and skips an item deleted before the flush', async () => {
    const { show, items } = await startLiveShow(t, 1);
    const [member] = await members(1);
    if (!member || !items[0]) throw new Error('setup');
    const missing = '00000000-0000-4000-8000-00000000abcd';
    expect((await buy(member, missing)).statusCode).toBe(404);
    await t.app.sales.attempts.flush();
    expect(await counts(missing)).toEqual({});

    const gone = await db()
      .insertInto('showItems')
      .values({ showId: show.id, title: 'Withdrawn', price: '5.00', orderIndex: 9, ...DEFAULT_KNIFE_FACTS })
      .returning('id')
      .executeTakeFirstOrThrow();
    const counter = createAttemptCounter({ db: db(), log: capturedLog().log });
    counter.record(gone.id, 'refused', someone(7));
    counter.record(items[0].id, 'refused', someone(7));
    await db().deleteFrom('showItems').where('id', '=', gone.id).execute();
    await counter.flush();
    expect(await counts(items[0].id)).toEqual({ refused: 1 });
    expect(await counts(gone.id)).toEqual({});
  });

  it('writes what was counted when the app closes', async () => {
    const { items } = await startLiveShow(t, 2);
    const [member] = await members(1);
    const queued = items[1];
    if (!member || !queued) throw new Error('setup');
    const closing = await t.sibling();
    expect((await buy(member, queued.id, closing)).json()).toMatchObject({ code: 'not_on_sale' });
    await closing.close();
    expect(await counts(queued.id)).toEqual({ refused: 1 });
  });

  it.runIf(backend === 'postgres')('adds up what two replicas counted for the same item', async () => {
    const { items } = await startLiveShow(t, 1);
    const item = items[0];
    const replica = other;
    if (!item || !replica) throw new Error('setup');
    const [winner, ...rivals] = await members(16);
    if (!winner) throw new Error('setup');
    expect((await buy(winner, item.id)).statusCode).toBe(200);
    const answers = await Promise.all(rivals.map((m, i) => buy(m, item.id, i < 6 ? t.app : replica)));
    expect(answers.every((a) => a.json().code === 'sold')).toBe(true);
    await Promise.all([t.app.sales.attempts.flush(), replica.sales.attempts.flush()]);
    expect(await counts(item.id)).toEqual({ won: 1, sold: 15 });
  });
});
