import { generateSimulatorCredentials, randomId, simulatorDb } from '@vault/authnet-simulator';
import { fulfillmentMessages } from '@vault/contracts';
import { checkAfterSaleLedger, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-app';
import { afterSaleDesk, cutoffFarFromNow, FAILING, faultPattern, sellShow } from './after-sale-support';

const ROUNDS = 20;
/** The gateway's timeout: small, so a hung call (timeout, lost answer) resolves quickly. */
const TIMEOUT_MS = 150;
/** Who wins each item of a round's show: the first member two (one package of two), the second one. */
const WINNERS = [0, 1, 0];
const PRICE = '250.00';
/** Faults queued per round, more than a round's gateway calls (checked: the queue never runs dry). */
const PER_ROUND = 120;
/**
 * Reaches every path that handles money after a fault: lost captures found captured by Mark
 * shipped's own question and by the capture reconciler, refunds and voids refused by a fault,
 * lost ones found done and ones found never made, and the reconcilers' own questions failing.
 */
const PATTERN_SEED = 30;
const DEADLINE_MS = 30_000;

describe('money after the sale under gateway faults (two replicas on one Postgres, Redis bus and simulator ledger)', () => {
  let t: TestApp;
  let replicas: FastifyInstance[];
  let buyers: SeededMember[];
  let admin: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp('postgres', {
      listen: true,
      config: {
        payments: {
          mode: 'simulator',
          env: 'sandbox',
          timeoutMs: TIMEOUT_MS,
          simulatorSettlementCutoff: cutoffFarFromNow(),
          ...generateSimulatorCredentials(),
        },
      },
    });
    const other = await t.sibling({ ownBus: true });
    await other.listen({ port: 0, host: '127.0.0.1' });
    replicas = [t.app, other];
    const sessionSecret = t.app.config.sessionSecret;
    const [first, second, boss] = await seedOnboardedMembers(t.database.db, { count: 3, sessionSecret });
    if (!first || !second || !boss) throw new Error('setup');
    buyers = [first, second];
    admin = boss;
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const replica = (i: number) => replicas[i % 2] ?? t.app;

  it(`captures every shipped purchase once and refunds none above its capture: ${ROUNDS} rounds, 30 % gateway faults`, async () => {
    const { db } = t.database;
    const desk = afterSaleDesk({ t, replica, admin, deadlineMs: DEADLINE_MS });
    const pattern = faultPattern(PATTERN_SEED, ROUNDS * PER_ROUND);
    const faultsByKind: Record<string, number> = {};
    const totals = { calls: 0, faults: 0, purchases: 0, refunds: 0, voids: 0 };
    const started = performance.now();
    let taken = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      const roundStarted = performance.now();
      const showId = await sellShow(
        t,
        replica,
        WINNERS.map((i) => buyers[i] as SeededMember),
      );
      // One package per member: the first holds two purchases.
      const packages = await desk.packagesOf(showId);
      expect(packages.map((s) => s.items.length).sort()).toEqual([1, 2]);

      const tally = desk.startRound(round);
      const slice = pattern.slice(taken, taken + PER_ROUND);
      await desk.queueFaults(slice);
      for (const pkg of packages) await desk.ship(pkg.id);
      // Half the rounds settle the day's batch first: a refund in two parts. Otherwise the capture
      // has not settled: a part is refused, and only a void of the whole gives the money back.
      const settled = round % 2 === 1;
      if (settled) await desk.settle();
      const purchases = await db
        .selectFrom('purchases')
        .innerJoin('showItems', 'showItems.id', 'purchases.showItemId')
        .select(['purchases.id', 'purchases.capturedAmount'])
        .where('showItems.showId', '=', showId)
        .execute();
      for (const { id, capturedAmount } of purchases) {
        expect(capturedAmount).toBe(PRICE);
        if (settled) {
          await desk.refund(id, '100.00');
          await desk.refused(id, '150.01', fulfillmentMessages.refundTooLarge('150.00'));
          await desk.refund(id, '150.00');
        } else {
          await desk.refused(id, '100.00', fulfillmentMessages.refundPartialUnsettled);
          await desk.refund(id, PRICE);
        }
        await desk.refused(id, '0.01', fulfillmentMessages.refundTooLarge('0.00'));
      }

      const left = await desk.clearFaults();
      expect(left, `round ${round}: the fault pattern ran out`).toBeGreaterThan(0);
      const consumed = slice.slice(0, slice.length - left);
      taken += consumed.length;
      const faulted = consumed.filter((kind) => kind !== 'pass');
      for (const kind of faulted) faultsByKind[kind] = (faultsByKind[kind] ?? 0) + 1;

      const ledger = await checkAfterSaleLedger(t.database, showId);
      expect(ledger.problems, `round ${round}`).toEqual([]);
      expect(ledger).toMatchObject({ purchases: WINNERS.length, captured: WINNERS.length, shipped: WINNERS.length });
      expect(ledger.refundedCents, `round ${round}: everything came back`).toBe(WINNERS.length * 25_000);
      expect(settled ? ledger.refunds : ledger.voids).toBe(settled ? 2 * WINNERS.length : WINNERS.length);

      totals.calls += consumed.length;
      totals.faults += faulted.length;
      totals.purchases += ledger.purchases;
      totals.refunds += ledger.refunds;
      totals.voids += ledger.voids;
      console.log(
        `[after-sale] round ${round}/${ROUNDS} (${settled ? 'settled: credits' : 'unsettled: voids'}): ` +
          `${ledger.purchases} purchases in ${packages.length} packages, ${consumed.length} gateway calls, ` +
          `${faulted.length} faults (${faulted.join(', ') || 'none'}), ${tally.ships} Mark shipped, ` +
          `${tally.refunds} refunds tried (${tally.gatewayRefusals} refused by a fault, ${tally.pending} left pending), ` +
          `${tally.refusals} refused by the ledger, ${ledger.refunds} credits + ${ledger.voids} voids done, ` +
          `${Math.round(performance.now() - roundStarted)} ms`,
      );
    }

    const totalMs = Math.round(performance.now() - started);
    console.log(
      `[after-sale] total: ${ROUNDS} rounds, ${totals.purchases} purchases captured, ${totals.refunds} credits, ` +
        `${totals.voids} voids, ${totals.calls} gateway calls, ${totals.faults} faults ` +
        `(${((100 * totals.faults) / totals.calls).toFixed(1)} %: ${JSON.stringify(faultsByKind)}), ` +
        `answers ${JSON.stringify(desk.answers)}, capture reconciler ${JSON.stringify(desk.captures)}, ` +
        `refund reconciler ${JSON.stringify(desk.credits)}, ${totalMs} ms`,
    );
    console.log(`[chaos] money after the sale under faults, ${ROUNDS} rounds reconciled: ${totalMs} ms`);

    // Only the answers the routes document, and the faults really happened, of every kind.
    expect(Object.keys(desk.answers).filter((key) => !/^(ship (200|409)|refund (201|409|502))\b/.test(key))).toEqual(
      [],
    );
    expect(totals.faults / totals.calls).toBeGreaterThan(0.2);
    expect(totals.faults / totals.calls).toBeLessThan(0.4);
    expect(Object.keys(faultsByKind).sort()).toEqual([...FAILING].sort());
    expect(desk.captures.captured, 'lost captures were found captured by asking').toBeGreaterThanOrEqual(1);
    expect(desk.credits.done, 'lost refunds were found done by asking').toBeGreaterThanOrEqual(1);
    expect(desk.credits.failed, 'refunds that never happened were found failed').toBeGreaterThanOrEqual(1);
    // Across every round: the simulator's whole ledger against the database.
    const all = await checkAfterSaleLedger(t.database, null);
    expect(all.problems).toEqual([]);
    expect(all.captured).toBe(ROUNDS * WINNERS.length);
  }, 120_000);

  it('the ledger check notices a second capture, a credit or capture nobody recorded, a refund left pending and an uncaptured shipped purchase', async () => {
    const { db } = t.database;
    const sim = simulatorDb(t.database);
    // A purchase the race shipped and refunded by credits (a settled round).
    const purchase = await db
      .selectFrom('purchases')
      .innerJoin('refunds', 'refunds.purchaseId', 'purchases.id')
      .select(['purchases.id', 'purchases.transactionId', 'refunds.id as refundId'])
      .where('refunds.method', '=', 'refund')
      .where('refunds.status', '=', 'done')
      .executeTakeFirstOrThrow();
    const chargeId = Number(purchase.transactionId);
    const charge = await sim
      .selectFrom('authnetSimTransactions')
      .selectAll()
      .where('id', '=', chargeId)
      .executeTakeFirstOrThrow();
    const problems = async () => (await checkAfterSaleLedger(t.database, null)).problems.join('\n');
    expect(await problems()).toBe('');

    /** A transaction the gateway answered 1 to, as the simulator records one, then gone again. */
    const withRow = async (
      row: { type: string; status: string; refTransId: number; amount: string },
      expected: RegExp,
    ) => {
      const id = randomId('transaction');
      await sim
        .insertInto('authnetSimTransactions')
        .values({
          ...row,
          id,
          responseCode: '1',
          customerId: charge.customerId,
          invoiceNumber: 'tampered',
          createdAt: new Date(),
        })
        .execute();
      expect(await problems()).toMatch(expected);
      await sim.deleteFrom('authnetSimTransactions').where('id', '=', id).execute();
    };
    await withRow(
      { type: 'priorAuthCaptureTransaction', status: 'captured', refTransId: chargeId, amount: PRICE },
      /captured 2 times/,
    );
    await withRow(
      { type: 'refundTransaction', status: 'refunded', refTransId: chargeId, amount: '1.00' },
      /credited 1.00 .* with no refund done/,
    );
    const stray = randomId('transaction');
    await sim
      .insertInto('authnetSimTransactions')
      .values({ ...charge, id: stray, status: 'captured' })
      .execute();
    await withRow(
      { type: 'priorAuthCaptureTransaction', status: 'captured', refTransId: stray, amount: PRICE },
      /authorisation \d+ was captured but is no purchase's/,
    );
    await sim.deleteFrom('authnetSimTransactions').where('id', '=', stray).execute();

    await db.updateTable('refunds').set({ status: 'pending' }).where('id', '=', purchase.refundId).execute();
    expect(await problems()).toMatch(new RegExp(`refund ${purchase.refundId} left pending`));
    await db.updateTable('refunds').set({ status: 'done' }).where('id', '=', purchase.refundId).execute();

    await db.updateTable('purchases').set({ status: 'authorized' }).where('id', '=', purchase.id).execute();
    expect(await problems()).toMatch(/shipped but authorized[\s\S]*is authorized but the gateway captured/);
    await db.updateTable('purchases').set({ status: 'completed' }).where('id', '=', purchase.id).execute();
    expect(await problems()).toBe('');
  });
});
