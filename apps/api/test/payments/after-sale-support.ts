import { type FaultKind, SETTLEMENT_PATH, simulatorDb } from '@vault/authnet-simulator';
import type { AdminRefund, AdminShipment } from '@vault/contracts';
import { checkLedger, type SeededMember } from '@vault/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type CaptureReconcileReport, reconcileCaptures } from '../../src/fulfillment/reconciler';
import { type RefundReconcileReport, reconcileRefunds } from '../../src/returns/refund-reconciler';
import { reconcileClaims } from '../../src/sales/reconciler';
import { createRng } from '../support/zod-fuzz-text';
import { advanceShowTo, buyAs, ORIGIN, startLiveShow, type TestApp } from '../test-app';

// The after-sale fault race's moves: a show sold to its members without faults, then the admin's
// Mark shipped and refunds, each tried until the gateway settles it, with the reconcilers between.

export const FAILING: FaultKind[] = ['error', 'timeout', 'lost-answer', 'dropped-answer'];

/**
 * The fates of the after-sale gateway calls, in order: blocks of ten calls with three failing
 * among seven that pass, shuffled within the block; the failing kinds take turns, so each fails
 * as often. The calls are made one after another, so the seed decides which paths the faults
 * reach: captures, the questions that settle a lost capture, refunds, voids, and the
 * reconcilers' own questions.
 */
export function faultPattern(seed: number, length: number): FaultKind[] {
  const rng = createRng(seed);
  const pattern: FaultKind[] = [];
  for (let block = 0; pattern.length < length; block++) {
    const kinds: FaultKind[] = [0, 1, 2].map((i) => FAILING[(block * 3 + i) % FAILING.length] ?? 'error');
    while (kinds.length < 10) kinds.push('pass');
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [kinds[i], kinds[j]] = [kinds[j] ?? 'pass', kinds[i] ?? 'pass'];
    }
    pattern.push(...kinds);
  }
  return pattern;
}

/** HH:MM UTC twelve hours from now: the simulator's daily batch never settles a capture mid-test. */
export function cutoffFarFromNow(): string {
  const at = new Date(Date.now() + 12 * 3600_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * A live show whose item i is won by `winners[i]` (no fault is queued: the sale is not what this
 * races), then ended as time runs out on its last item. Its id.
 */
export async function sellShow(t: TestApp, replica: (i: number) => FastifyInstance, winners: SeededMember[]) {
  const { db } = t.database;
  const { show, items } = await startLiveShow(t, winners.length, 600);
  for (const [index, item] of items.entries()) {
    await advanceShowTo(t, show.id, index);
    // A busy machine can outlast the race's small gateway timeout even without a fault: the
    // claim reconciler settles what that left, and the member presses again.
    const deadline = Date.now() + 30_000;
    for (let tries = 1; ; tries++) {
      const res = await buyAs(replica(index + tries), winners[index] as SeededMember, item.id);
      if (res.statusCode === 200) break;
      if (Date.now() > deadline) expect(res.statusCode, res.body).toBe(200);
      await reconcileClaims(replica(tries).deps, { pendingAfterMs: 0, recheckAfterMs: 0 });
    }
    await reconcileClaims(t.app.deps, { pendingAfterMs: 0, recheckAfterMs: 0 });
    expect((await checkLedger(t.database, item.id)).problems).toEqual([]);
  }
  for (let i = 0; i < 10; i++) {
    const row = await db.selectFrom('shows').selectAll().where('id', '=', show.id).executeTakeFirstOrThrow();
    if (row.status === 'completed') return show.id;
    await db
      .updateTable('shows')
      .set({ phaseEndsAt: new Date(Date.now() - 1) })
      .where('id', '=', show.id)
      .execute();
    await t.app.shows.driver.wake(show.id, row.step);
  }
  throw new Error('the show never ended');
}

/** What one round took: Mark shipped and refunds tried, and why they were tried again. */
export interface RoundTally {
  ships: number;
  refunds: number;
  /** Refunds a gateway fault refused (502) before anything was recorded. */
  gatewayRefusals: number;
  /** Refunds whose answer was lost: left pending for the reconciler. */
  pending: number;
  /** Refunds the ledger refused, as the test expected. */
  refusals: number;
}

/**
 * The admin's side of the race, on the replicas in turn: every answer counted by route and code,
 * the reconcilers' reports summed, each step bounded by the round's deadline.
 */
export function afterSaleDesk(options: {
  t: TestApp;
  replica: (i: number) => FastifyInstance;
  admin: SeededMember;
  deadlineMs: number;
}) {
  const { t, replica, admin } = options;
  const { db } = t.database;
  const answers: Record<string, number> = {};
  const captures: CaptureReconcileReport = { captured: 0, authorized: 0, voided: 0, unknown: 0, released: 0 };
  const credits: RefundReconcileReport = { done: 0, failed: 0, unknown: 0 };
  let tally: RoundTally = { ships: 0, refunds: 0, gatewayRefusals: 0, pending: 0, refusals: 0 };
  let round = 0;
  let deadline = 0;
  let turn = 0;

  const inTime = (what: string) => {
    if (Date.now() > deadline) throw new Error(`round ${round}: ${what} not settled after ${options.deadlineMs} ms`);
  };
  const asAdmin = (url: string, method: 'GET' | 'POST' | 'DELETE', payload?: Record<string, unknown>) =>
    replica(turn++).inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie: admin.cookie },
      ...(payload ? { payload } : {}),
    });
  const count = (route: string, res: LightMyRequestResponse) => {
    const key = `${route} ${res.statusCode} ${(res.json() as { code?: string }).code ?? ''}`.trim();
    answers[key] = (answers[key] ?? 0) + 1;
  };
  /** The refund reconciler, on either replica in turn, until none of the purchase's refunds is pending. */
  const reconcileRefundsOf = async (purchaseId: string) => {
    for (;;) {
      const open = await db
        .selectFrom('refunds')
        .select('id')
        .where('purchaseId', '=', purchaseId)
        .where('status', '=', 'pending')
        .execute();
      if (open.length === 0) return;
      inTime('a refund');
      const got = await reconcileRefunds(replica(turn++).deps, { pendingAfterMs: 0 });
      for (const key of Object.keys(credits) as Array<keyof RefundReconcileReport>) credits[key] += got[key];
    }
  };
  const refund = (purchaseId: string, amount: string) =>
    asAdmin(`/api/admin/purchases/${purchaseId}/refund`, 'POST', { amount, reason: 'Returned' });

  return {
    answers,
    captures,
    credits,
    /** A new round: its own tally and deadline. */
    startRound(n: number): RoundTally {
      round = n;
      deadline = Date.now() + options.deadlineMs;
      tally = { ships: 0, refunds: 0, gatewayRefusals: 0, pending: 0, refusals: 0 };
      return tally;
    },
    /** The round's fates, in the simulator's fault queue (the table every replica's gateway takes them from). */
    async queueFaults(pattern: FaultKind[]) {
      await simulatorDb(t.database)
        .insertInto('authnetSimFaults')
        .values(pattern.map((kind) => ({ requestType: '*', kind })))
        .execute();
    },
    /** How many fates no gateway call took; then none are left (DELETE /sandbox/authnet/faults). */
    async clearFaults(): Promise<number> {
      const left = await simulatorDb(t.database)
        .selectFrom('authnetSimFaults')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect((await asAdmin('/sandbox/authnet/faults', 'DELETE')).statusCode).toBe(200);
      return Number(left.n);
    },
    /** The packages of a show to pack (the admin's list bundles the purchases first). */
    async packagesOf(showId: string): Promise<AdminShipment[]> {
      const res = await asAdmin('/api/admin/shipments?status=processing', 'GET');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AdminShipment[]).filter((s) => s.show?.id === showId);
    },
    /**
     * Mark shipped until it is: a capture the gateway refused or left unanswered sends the
     * package back with 409 payment_unsettled, and the capture reconciler settles what it can.
     */
    async ship(shipmentId: string) {
      for (;;) {
        inTime(`package ${shipmentId}`);
        tally.ships++;
        const res = await asAdmin(`/api/admin/shipments/${shipmentId}/ship`, 'POST', {
          carrier: 'ups',
          trackingNumber: '1Z999AA10123456784',
        });
        count('ship', res);
        if (res.statusCode === 200) {
          expect((res.json() as AdminShipment).status).toBe('shipped');
          return;
        }
        expect(res.statusCode, res.body).toBe(409);
        const got = await reconcileCaptures(replica(turn++).deps, { pendingAfterMs: 0, shippingAfterMs: 0 });
        for (const key of Object.keys(captures) as Array<keyof CaptureReconcileReport>) captures[key] += got[key];
      }
    },
    /** The simulator's daily batch, now. */
    async settle() {
      const res = await asAdmin(`/sandbox/authnet${SETTLEMENT_PATH}`, 'POST', {});
      expect(res.statusCode, res.body).toBe(200);
    },
    /** One refund, tried until the gateway did it: a fault refuses it (502) or leaves it pending. */
    async refund(purchaseId: string, amount: string) {
      for (;;) {
        inTime(`a refund of ${purchaseId}`);
        tally.refunds++;
        const res = await refund(purchaseId, amount);
        count('refund', res);
        if (res.statusCode === 502) {
          tally.gatewayRefusals++;
          continue;
        }
        expect(res.statusCode, res.body).toBe(201);
        const made = res.json() as AdminRefund;
        if (made.status === 'pending') {
          tally.pending++;
          await reconcileRefundsOf(purchaseId);
        }
        const row = await db.selectFrom('refunds').select('status').where('id', '=', made.id).executeTakeFirstOrThrow();
        if (row.status === 'done') return;
      }
    },
    /** A refund the ledger must refuse with `message` (a gateway fault on the way is tried again). */
    async refused(purchaseId: string, amount: string, message: string) {
      for (;;) {
        inTime(`a refusal on ${purchaseId}`);
        const res = await refund(purchaseId, amount);
        count('refund', res);
        if (res.statusCode === 502) continue;
        expect(res.json(), `round ${round}`).toEqual({ code: 'refund_not_allowed', message });
        tally.refusals++;
        return;
      }
    },
  };
}
