import { type FaultKind, generateSimulatorCredentials, simulatorDb } from '@vault/authnet-simulator';
import { checkLedger, type SeededMember, seedOnboardedMembers } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReconcileReport, reconcileClaims } from '../../src/sales/reconciler';
import { buildTestApp, gatewayEndpoint, ORIGIN, postGateway, startLiveShow, type TestApp } from '../test-app';

const BUYERS = 2000;
const RUNS = 20;
/** The gateway's timeout: small, so a hung call (timeout, lost answer) resolves quickly. */
const TIMEOUT_MS = 500;
/**
 * The fault pattern every gateway call of the race takes its fate from, in order: blocks of ten
 * calls, each with three failing among seven that go through, shuffled within the block; the
 * failing kinds take turns, so every kind fails as often. Whatever the number of calls, about 30 %
 * of them fail. Long enough for all runs.
 */
const PATTERN_BLOCKS = 40;
/** Presses of Buy by every buyer, until someone's payment goes through (each failure frees the item). */
const MAX_WAVES = 10;
const RECONCILE_DEADLINE_MS = 30_000;
/**
 * Calls happen one after another (one claim at a time, then the reconciler), so a seed decides
 * which paths the faults reach. This one reaches every kind of fault while buying (the test
 * asserts it), late authorisations the reconciler voids — a dropped answer, and a gateway that
 * wrote the authorisation only after the lookup found nothing (a seller that took either for a
 * "no" left that authorisation neither sold nor voided) — and faults on the reconciler's own calls.
 */
const PATTERN_SEED = 34;

/** A small seeded generator (mulberry32): the same patterns on every run of the test. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAILING: FaultKind[] = ['error', 'timeout', 'lost-answer', 'dropped-answer', 'late-work'];

function faultPattern(seed: number): FaultKind[] {
  const random = seeded(seed);
  const pattern: FaultKind[] = [];
  for (let block = 0; block < PATTERN_BLOCKS; block++) {
    const failing = [0, 1, 2].map((i) => FAILING[(block * 3 + i) % FAILING.length] as FaultKind);
    const kinds: FaultKind[] = [...failing, ...Array.from({ length: 7 }, () => 'pass' as const)];
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [kinds[i], kinds[j]] = [kinds[j] as FaultKind, kinds[i] as FaultKind];
    }
    pattern.push(...kinds);
  }
  return pattern;
}

describe('money under gateway faults (scaled: two replicas on one Postgres, Redis bus and simulator ledger)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let replicas: FastifyInstance[];
  let buyers: SeededMember[];
  let admin: SeededMember;

  beforeAll(async () => {
    t = await buildTestApp('postgres', {
      listen: true,
      config: {
        payments: { mode: 'simulator', env: 'sandbox', timeoutMs: TIMEOUT_MS, ...generateSimulatorCredentials() },
      },
    });
    // Its own Redis bus connection, as another process has: hints between replicas really travel.
    other = await t.sibling({ ownBus: true });
    await other.listen({ port: 0, host: '127.0.0.1' });
    replicas = [t.app, other];
    const sessionSecret = t.app.config.sessionSecret;
    buyers = await seedOnboardedMembers(t.database.db, { count: BUYERS, sessionSecret });
    const [first] = await seedOnboardedMembers(t.database.db, { count: 1, sessionSecret, emailPrefix: 'fault-admin' });
    if (!first) throw new Error('no admin');
    admin = first;
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const sim = () => simulatorDb(t.database);
  const queuedFaults = async () =>
    (await sim().selectFrom('authnetSimFaults').select('kind').orderBy('id').execute()).map((row) => row.kind);

  /** POST /sandbox/authnet/faults as the admin, on `app`; consecutive equal kinds in one call. */
  async function queueFaults(app: FastifyInstance, pattern: FaultKind[], requestType = '*') {
    for (let i = 0; i < pattern.length; ) {
      let times = 1;
      while (pattern[i + times] === pattern[i]) times++;
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/authnet/faults',
        headers: { origin: ORIGIN, cookie: admin.cookie },
        payload: { requestType, kind: pattern[i], times },
      });
      expect(res.statusCode, res.body).toBe(200);
      i += times;
    }
  }

  async function clearFaults(app: FastifyInstance) {
    const res = await app.inject({
      method: 'DELETE',
      url: '/sandbox/authnet/faults',
      headers: { origin: ORIGIN, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
  }

  it('takes every queued fault exactly once, whichever replica the request reaches', async () => {
    // 30 faults queued through one replica, 60 gateway requests at once through both.
    await queueFaults(
      t.app,
      Array.from({ length: 30 }, () => 'error'),
      'getCustomerProfileRequest',
    );
    const { apiLoginId, transactionKey } = t.app.config.payments;
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postGateway(gatewayEndpoint(replicas[i % 2] ?? t.app), {
          getCustomerProfileRequest: {
            merchantAuthentication: { name: apiLoginId, transactionKey },
            customerProfileId: '900000001',
          },
        }),
      ),
    );
    const codes = replies.map((reply) => reply.json.messages.message[0].code);
    expect(codes.filter((code) => code === 'E00001')).toHaveLength(30);
    expect(codes.filter((code) => code === 'E00040')).toHaveLength(30);
    // Both replicas took some: the queue is one, not one per process.
    expect(new Set(codes.flatMap((code, i) => (code === 'E00001' ? [i % 2] : [])))).toEqual(new Set([0, 1]));
    expect(await queuedFaults()).toEqual([]);

    // In order, gaps included: pass, error — queued on one replica, taken on the other.
    await queueFaults(other, ['pass', 'error'], 'getCustomerProfileRequest');
    const ask = () =>
      postGateway(gatewayEndpoint(t.app), {
        getCustomerProfileRequest: {
          merchantAuthentication: { name: apiLoginId, transactionKey },
          customerProfileId: '900000001',
        },
      });
    expect((await ask()).json.messages.message[0].code).toBe('E00040');
    expect((await ask()).json.messages.message[0].code).toBe('E00001');
    expect((await ask()).json.messages.message[0].code).toBe('E00040');
  });

  it(`sells each item once and accounts for every authorisation: ${RUNS} races of ${BUYERS} buyers, 30 % gateway faults`, async () => {
    const { db } = t.database;
    const totals = { presses: 0, calls: 0, faults: 0, winners: 0, voids: 0, claims: 0, reconcilerFailures: 0 };
    const faultsByKind: Record<string, number> = {};
    const statuses: Record<number, number> = {};
    const started = performance.now();
    // Queued through one replica, taken by the calls of both (the queue is in the database).
    const pattern = faultPattern(PATTERN_SEED);
    await queueFaults(other, pattern);
    let taken = 0;

    for (let run = 1; run <= RUNS; run++) {
      const runStarted = performance.now();
      const { items } = await startLiveShow(t, 1, 600);
      const item = items[0];
      if (!item) throw new Error('no item');

      // Everyone presses Buy at once, half on each replica; again while the item is back on sale.
      let waves = 0;
      for (; waves < MAX_WAVES; ) {
        waves++;
        const answers = await Promise.all(
          buyers.map((buyer, i) =>
            (replicas[i % 2] ?? t.app).inject({
              method: 'POST',
              url: '/api/show/buy',
              headers: { origin: ORIGIN, cookie: buyer.cookie },
              payload: { showItemId: item.id },
            }),
          ),
        );
        for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
        totals.presses += answers.length;
        const row = await db
          .selectFrom('showItems')
          .select(['status', 'claimId'])
          .where('id', '=', item.id)
          .executeTakeFirstOrThrow();
        if (row.status !== 'showing' || row.claimId !== null) break;
      }

      // Every press was answered, but a gateway call may still be landing (late work): the books
      // are checked once the gateway has written everything it ever will.
      await Promise.all(replicas.map((replica) => replica.payments.simulator?.idle()));

      // What the buyers' calls took of the pattern (the reconciler then works under the rest).
      const whileBuying = pattern.length - (await queuedFaults()).length - taken;

      // The reconciler, on either replica in turn, until no claim is pending or unsure. Nothing is
      // in flight any more (every press was answered), so no claim is too young to touch.
      const report: ReconcileReport = { settled: 0, released: 0, voided: 0, failed: 0 };
      const deadline = Date.now() + RECONCILE_DEADLINE_MS;
      for (let pass = 0; ; pass++) {
        const open = await db
          .selectFrom('saleClaims')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('showItemId', '=', item.id)
          .where((eb) => eb.or([eb('status', '=', 'pending'), eb('needsCheck', '=', true)]))
          .executeTakeFirstOrThrow();
        if (Number(open.n) === 0) break;
        if (Date.now() > deadline) throw new Error(`run ${run}: claims still open after ${RECONCILE_DEADLINE_MS} ms`);
        const replica = replicas[pass % 2] ?? t.app;
        const passReport = await reconcileClaims(replica.deps, { pendingAfterMs: 0, recheckAfterMs: 0 });
        for (const key of Object.keys(report) as Array<keyof ReconcileReport>) report[key] += passReport[key];
      }
      const left = (await queuedFaults()).length;
      // A pattern used up would hide calls past its end from the counts.
      expect(left, `run ${run}: the fault pattern ran out`).toBeGreaterThan(0);
      const consumed = pattern.slice(taken, pattern.length - left);
      taken = pattern.length - left;
      const faulted = consumed.filter((kind) => kind !== 'pass');
      for (const kind of faulted) faultsByKind[kind] = (faultsByKind[kind] ?? 0) + 1;

      const ledger = await checkLedger(t.database, item.id);
      expect(ledger.problems, `run ${run}`).toEqual([]);
      expect(ledger.purchases, `run ${run}: sold exactly once`).toBe(1);

      const ms = Math.round(performance.now() - runStarted);
      totals.calls += consumed.length;
      totals.faults += faulted.length;
      totals.winners += ledger.purchases;
      totals.voids += ledger.voids;
      totals.claims += ledger.claims;
      totals.reconcilerFailures += report.failed;
      console.log(
        `[money] run ${run}/${RUNS}: ${BUYERS} buyers × ${waves} wave(s), ${ledger.claims} claim(s), ` +
          `${consumed.length} gateway calls (${whileBuying} while buying), ` +
          `${faulted.length} faults (${faulted.join(', ') || 'none'}), ${ledger.purchases} winner, ` +
          `${ledger.voids} void(s), reconciler ${JSON.stringify(report)}, ${ms} ms`,
      );
    }

    await clearFaults(t.app);
    const totalMs = Math.round(performance.now() - started);
    console.log(
      `[money] total: ${RUNS} runs, ${totals.presses} presses (${JSON.stringify(statuses)}), ${totals.claims} claims, ` +
        `${totals.calls} gateway calls, ${totals.faults} faults (${((100 * totals.faults) / totals.calls).toFixed(1)} %: ` +
        `${JSON.stringify(faultsByKind)}), ${totals.winners} winners, ${totals.voids} voids, ${totalMs} ms`,
    );
    console.log(`[chaos] money under faults, ${RUNS} runs of ${BUYERS} buyers reconciled: ${totalMs} ms`);

    // No 5xx, and the faults really happened, of every kind.
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(totals.faults / totals.calls).toBeGreaterThan(0.2);
    expect(totals.faults / totals.calls).toBeLessThan(0.4);
    expect(Object.keys(faultsByKind).sort()).toEqual([...FAILING].sort());
    expect(totals.voids, 'late authorisations were voided').toBeGreaterThanOrEqual(1);
    expect(totals.reconcilerFailures, 'the reconciler met faults and retried').toBeGreaterThanOrEqual(1);
    // Across every run: the simulator's whole ledger against the database.
    const all = await checkLedger(t.database, null);
    expect(all.problems).toEqual([]);
    expect(all.purchases).toBe(RUNS);
  }, 600_000);
});
