import { simulatorDb } from '@vault/authnet-simulator';
import { backends } from '@vault/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimItem } from '../../src/sales/claims.repository';
import type { TestApp } from '../test-app';
import { buyHelpers, startBuyingApps } from './buy-support';

// The claim reconciler: claims a crashed process left pending are settled or released, and an
// authorisation that landed after its claim was released is voided.

describe.each(backends)('buying on %s: exactly once', (backend) => {
  /** Started as for the Buy tests, the second instance included: the reconciler runs beside it. */
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await startBuyingApps(backend));
  });
  afterAll(async () => {
    await t?.close();
  });

  const { db, members, liveShow } = buyHelpers(() => t);

  it('reconciles claims a crash left pending: authorised → purchase, not authorised → released', async () => {
    const { items } = await liveShow(2);
    const [paid, unpaid] = await members(2);
    if (!paid || !unpaid || !items[0] || !items[1]) throw new Error('setup');
    const now = new Date();
    // What a process that died mid-sale leaves behind: a claim, with and without an authorisation.
    const claimA = await claimItem(db(), { userId: paid.userId, showItemId: items[0].id, idempotencyKey: null, now });
    if (!claimA) throw new Error('claim failed');
    await t.app.payments.client.authorize({
      refId: claimA.claimId,
      amount: claimA.price,
      customerProfileId: claimA.customerProfileId,
      paymentProfileId: claimA.paymentProfileId,
      invoiceNumber: claimA.claimId,
      description: claimA.title,
    });
    // The second item is not on sale yet; put it there to claim it as a dying process would have.
    await db().updateTable('showItems').set({ status: 'showing' }).where('id', '=', items[1].id).execute();
    const claimB = await claimItem(db(), { userId: unpaid.userId, showItemId: items[1].id, idempotencyKey: null, now });
    if (!claimB) throw new Error('claim failed');

    // Too young: a live request may still be working on them.
    expect(await t.app.sales.reconcile()).toMatchObject({ settled: 0, released: 0 });
    expect(await t.app.sales.reconcile({ pendingAfterMs: 0 })).toMatchObject({ settled: 1, released: 1 });

    const purchase = await db().selectFrom('purchases').selectAll().where('showItemId', '=', items[0].id).execute();
    expect(purchase).toHaveLength(1);
    expect(purchase[0]).toMatchObject({ userId: paid.userId, claimId: claimA.claimId, status: 'authorized' });
    const itemB = await db()
      .selectFrom('showItems')
      .selectAll()
      .where('id', '=', items[1].id)
      .executeTakeFirstOrThrow();
    // Item 2 is not the one being shown: released back to where the clock has it.
    expect(itemB).toMatchObject({ status: 'available', soldToUserId: null, claimId: null });
    // Running again finds nothing left to do.
    expect(await t.app.sales.reconcile({ pendingAfterMs: 0 })).toMatchObject({ settled: 0, released: 0 });
  });

  it('voids an authorisation that landed after its claim was released', async () => {
    const { items } = await liveShow(1);
    const [member] = await members(1);
    if (!member || !items[0]) throw new Error('setup');
    const claim = await claimItem(db(), {
      userId: member.userId,
      showItemId: items[0].id,
      idempotencyKey: null,
      now: new Date(),
    });
    if (!claim) throw new Error('claim failed');
    // Released on a timeout without knowing (needs_check) — and the gateway did authorise.
    await db()
      .updateTable('saleClaims')
      .set({ status: 'released', needsCheck: true, resolvedAt: new Date(Date.now() - 3_600_000) })
      .where('id', '=', claim.claimId)
      .execute();
    const auth = await t.app.payments.client.authorize({
      refId: claim.claimId,
      amount: claim.price,
      customerProfileId: claim.customerProfileId,
      paymentProfileId: claim.paymentProfileId,
      invoiceNumber: claim.claimId,
      description: claim.title,
    });
    expect(await t.app.sales.reconcile()).toMatchObject({ voided: 1 });
    const tx = await simulatorDb(t.database)
      .selectFrom('authnetSimTransactions')
      .select('status')
      .where('id', '=', Number(auth.transId))
      .executeTakeFirstOrThrow();
    expect(tx.status).toBe('voided');
    expect(await t.app.sales.reconcile()).toMatchObject({ voided: 0 });
  });
});
