import type { ShowReport } from '@vault/contracts';
import { backends, parseCsv, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, seedCustomerAndAdmin, type TestApp } from '../test-app';

// The show report's fair drops: per item its sale mode, how fast its presses came after the reveal
// reached each member (buy_presses, as the presses recorder writes it: one row per member and
// item), who pressed how often, who was faster than a person (with their name for the admin and
// whether their buying is suspended), and a draw item's draw with its public record. The rows are
// written here as their writers leave them.

const SEED = 'a'.repeat(64);
const COMMITMENT = 'b'.repeat(64);

describe.each(backends)("the show report's fair drops on %s", (backend) => {
  let t: TestApp;
  let admin: SeededMember;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    ({ admin } = await seedCustomerAndAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie: admin.cookie } });

  /** A completed show: a first-press knife many pressed, a draw knife drawn, a draw knife never revealed. */
  async function seedShow() {
    const db = t.database.db;
    const members = await seedOnboardedMembers(db, { count: 12, sessionSecret: t.app.config.sessionSecret });
    const show = await db
      .insertInto('shows')
      .values({ title: 'Fair Drops Night', status: 'completed', perKnifeSeconds: 60 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = await db
      .insertInto('showItems')
      .values(
        (['first_press', 'draw', 'draw'] as const).map((saleMode, i) => ({
          showId: show.id,
          title: `Knife ${i + 1}`,
          price: '100.00',
          orderIndex: i,
          saleMode,
          drawWindowSeconds: saleMode === 'draw' ? 30 : null,
        })),
      )
      .returning(['id', 'orderIndex'])
      .execute();
    items.sort((a, b) => a.orderIndex - b.orderIndex);
    const [race, drawn, unrevealed] = items;
    if (!race || !drawn || !unrevealed) throw new Error('setup');
    // The bot: 40 presses, 12 ms after the reveal reached it; already suspended by an admin.
    const bot = members[0];
    const quick = members[1];
    if (!bot || !quick) throw new Error('setup');
    await db
      .updateTable('users')
      .set({ fullName: 'Bot Account', buyingSuspendedAt: new Date(), buyingSuspendedReason: 'scripted' })
      .where('id', '=', bot.userId)
      .execute();
    const reveal = new Date('2025-04-01T20:00:00Z');
    // Reaction times of the race's eleven pressers (one with no measured reveal), in ms.
    const reactions: Array<number | null> = [12, 95, 150, 249, 250, 399, 400, 699, 700, 1000, null];
    const presses = reactions.map((reactionMs, i) => {
      const member = members[i];
      if (!member) throw new Error('setup');
      return {
        showItemId: race.id,
        userId: member.userId,
        receivedAt: new Date(reveal.getTime() + (reactionMs ?? 5000) + i),
        reactionMs,
        flagged: reactionMs !== null && reactionMs < 150,
        transport: i % 2 === 0 ? ('socket' as const) : ('http' as const),
        presses: i === 0 ? 40 : i === 5 ? 6 : 1,
      };
    });
    // The draw's four entrants, pressed once each; the quick member again faster than a person.
    const entrants = [members[1], members[2], members[3], members[11]];
    const entrantReactions = [70, 300, 800, 1500];
    entrants.forEach((member, i) => {
      if (!member) throw new Error('setup');
      presses.push({
        showItemId: drawn.id,
        userId: member.userId,
        receivedAt: new Date(reveal.getTime() + 90_000 + (entrantReactions[i] ?? 0)),
        reactionMs: entrantReactions[i] ?? null,
        flagged: (entrantReactions[i] ?? 1000) < 150,
        transport: 'socket',
        presses: 1,
      });
    });
    await db.insertInto('buyPresses').values(presses).execute();
    // A cancelled draw of an earlier run (a reset), then the run's draw: the report reads the latest.
    const opened = new Date(reveal.getTime() + 90_000);
    await db
      .insertInto('draws')
      .values({
        showItemId: drawn.id,
        showId: show.id,
        seed: SEED,
        commitment: COMMITMENT,
        status: 'cancelled',
        openedAt: new Date(opened.getTime() - 3_600_000),
        closesAt: null,
        closedAt: new Date(opened.getTime() - 3_590_000),
        updatedAt: new Date(),
      })
      .execute();
    const draw = await db
      .insertInto('draws')
      .values({
        showItemId: drawn.id,
        showId: show.id,
        seed: 'c'.repeat(64),
        commitment: 'd'.repeat(64),
        status: 'drawn',
        openedAt: opened,
        closesAt: new Date(opened.getTime() + 30_000),
        closedAt: new Date(opened.getTime() + 30_000),
        entryCount: 4,
        drawOrder: [3, 1, 4, 2],
        winnerEntryNumber: 3,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('drawEntries')
      .values(
        entrants.map((member, i) => ({
          drawId: draw.id,
          entryNumber: i + 1,
          userId: member?.userId ?? '',
          pseudonym: `Entrant ${i + 1}`,
          enteredAt: new Date(opened.getTime() + 1000 + i),
        })),
      )
      .execute();
    return { show, race, drawn, unrevealed, bot, quick, drawId: draw.id };
  }

  let seeded: Awaited<ReturnType<typeof seedShow>>;
  let report: ShowReport;

  it('reports each item’s sale mode, reaction times, presses per member and flagged members', async () => {
    seeded = await seedShow();
    const res = await get(`/api/shows/${seeded.show.id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    report = res.json();
    const [race, drawn, unrevealed] = report.items;
    expect(report.items.map((item) => item.saleMode)).toEqual(['first_press', 'draw', 'draw']);

    // Ten timed reactions of eleven pressers; percentiles are observed times (percentile_disc).
    expect(race?.reactions).toEqual({
      timed: 10,
      flagged: 2,
      minMs: 12,
      p10Ms: 12,
      p50Ms: 250,
      p90Ms: 700,
      buckets: [
        { fromMs: 0, toMs: 150, count: 2 },
        { fromMs: 150, toMs: 250, count: 2 },
        { fromMs: 250, toMs: 400, count: 2 },
        { fromMs: 400, toMs: 700, count: 2 },
        { fromMs: 700, toMs: 1000, count: 1 },
        { fromMs: 1000, toMs: null, count: 1 },
      ],
    });
    expect(race?.pressers.members).toBe(11);
    expect(race?.pressers.presses).toBe(40 + 6 + 9);
    // The five who pressed most; the ties of one press each go by who pressed first.
    expect(race?.pressers.top.map((row) => row.presses)).toEqual([40, 6, 1, 1, 1]);
    expect(race?.pressers.top[0]?.member).toEqual({
      id: seeded.bot.userId,
      email: seeded.bot.email,
      fullName: 'Bot Account',
      buyingSuspended: true,
    });
    expect(race?.flaggedMembers).toEqual([
      {
        member: { id: seeded.bot.userId, email: seeded.bot.email, fullName: 'Bot Account', buyingSuspended: true },
        fastestMs: 12,
        presses: 40,
      },
      {
        member: expect.objectContaining({ id: seeded.quick.userId, email: seeded.quick.email, buyingSuspended: false }),
        fastestMs: 95,
        presses: 1,
      },
    ]);
    expect(race?.draw).toBeNull();

    expect(drawn?.pressers).toMatchObject({ members: 4, presses: 4 });
    // Of four, the 90th percentile is the slowest (percentile_disc rounds up to an observed time).
    expect(drawn?.reactions).toMatchObject({ timed: 4, flagged: 1, minMs: 70, p10Ms: 70, p50Ms: 300, p90Ms: 1500 });
    expect(drawn?.flaggedMembers.map((row) => [row.member.id, row.fastestMs])).toEqual([[seeded.quick.userId, 70]]);
    expect(drawn?.draw).toEqual({
      id: seeded.drawId,
      status: 'drawn',
      entries: 4,
      winnerEntryNumber: 3,
      path: `/draws/${seeded.drawn.id}`,
    });

    // Never revealed: no presses, every bin empty, no draw yet.
    expect(unrevealed?.reactions.timed).toBe(0);
    expect(unrevealed?.reactions.buckets.map((bin) => bin.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(unrevealed?.pressers).toEqual({ members: 0, presses: 0, top: [] });
    expect(unrevealed?.flaggedMembers).toEqual([]);
    expect(unrevealed?.draw).toBeNull();

    // The quick member was flagged on two items: counted once.
    expect(report.totals.flaggedMembers).toBe(2);
  });

  it('counts an open draw’s entries written so far', async () => {
    const db = t.database.db;
    const entrant = (await seedOnboardedMembers(db, { count: 1, sessionSecret: t.app.config.sessionSecret }))[0];
    if (!entrant) throw new Error('setup');
    const open = await db
      .insertInto('draws')
      .values({
        showItemId: seeded.unrevealed.id,
        showId: seeded.show.id,
        seed: 'e'.repeat(64),
        commitment: 'f'.repeat(64),
        openedAt: new Date(),
        closesAt: new Date(Date.now() + 30_000),
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('drawEntries')
      .values({
        drawId: open.id,
        entryNumber: 1,
        userId: entrant.userId,
        pseudonym: 'Entrant 1',
        enteredAt: new Date(),
      })
      .execute();
    const res = await get(`/api/shows/${seeded.show.id}/report`);
    expect(res.json().items[2].draw).toEqual({
      id: open.id,
      status: 'open',
      entries: 1,
      winnerEntryNumber: null,
      path: `/draws/${seeded.unrevealed.id}`,
    });
    // Closed meanwhile so the CSV below reads what the first test saw for the others.
    await db
      .updateTable('draws')
      .set({ status: 'no_winner', closedAt: new Date(), entryCount: 0 })
      .where('id', '=', open.id)
      .execute();
  });

  it('writes the same figures in the CSV', async () => {
    const csv = await get(`/api/shows/${seeded.show.id}/report.csv`);
    expect(csv.statusCode).toBe(200);
    const [head = [], race = [], drawn = [], unrevealed = []] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    const from = head.indexOf('Sale mode');
    const to = head.indexOf('Draw record') + 1;
    expect(race.slice(from, to)).toEqual(
      ['first_press', 11, 55, 40, 10, 12, 12, 250, 700, 2, 2, 2, 2, 1, 1, 2, '', '', '', ''].map(String),
    );
    expect(drawn.slice(from, to)).toEqual(
      ['draw', 4, 4, 1, 4, 70, 70, 300, 1500, 1, 0, 1, 0, 1, 1, 1, 'drawn', 4, 3, `/draws/${seeded.drawn.id}`].map(
        String,
      ),
    );
    // A draw that closed with nobody in it: its entries are the count it closed with.
    expect(unrevealed.slice(from, to)).toEqual(
      [
        'draw',
        0,
        0,
        '',
        0,
        '',
        '',
        '',
        '',
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        'no_winner',
        0,
        '',
        `/draws/${seeded.unrevealed.id}`,
      ].map(String),
    );
  });

  it('answers only admins', async () => {
    const [member] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret: t.app.config.sessionSecret });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shows/${seeded.show.id}/report`,
      headers: { origin: ORIGIN, cookie: member?.cookie ?? '' },
    });
    expect(res.statusCode).toBe(403);
  });
});
