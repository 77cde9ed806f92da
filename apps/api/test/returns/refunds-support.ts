import { simulatorDb } from '@vault/authnet-simulator';
import type { AdminRefund, AdminShipment } from '@vault/contracts';
import type { SeededMember } from '@vault/testing';
import { expect } from 'vitest';
import type { TestApp } from '../test-app';
import { calls } from './returns-support';

// Refunds need a purchase the gateway really captured (and settled): a $-priced test product
// bought by the member, captured by the admin, settled by the simulator's batch.

export function refundHelpers(t: () => TestApp, people: () => { member: SeededMember; admin: SeededMember }) {
  const call = calls(t);
  let products = 0;

  /** A purchase of `price` authorised at the gateway, captured (and settled in a batch unless `settle` is false). */
  async function capturedPurchase(price: string, options: { settle?: boolean; capture?: boolean } = {}) {
    const { member, admin } = people();
    products += 1;
    const product = await call(admin.cookie, 'POST', '/api/admin/test-products', {
      title: `Refund Blade ${products}`,
      price,
      legalClass: 'gear',
      bladeLength: '0',
    });
    expect(product.statusCode, product.body).toBe(201);
    const bought = await call(member.cookie, 'POST', '/api/show/buy', { showItemId: product.json().id });
    expect(bought.statusCode, bought.body).toBe(200);
    const purchase = bought.json().purchase as { id: string; transactionId: string };
    if (options.capture !== false) {
      const captured = await call(admin.cookie, 'POST', `/api/purchases/${purchase.id}/capture`, {});
      expect(captured.statusCode, captured.body).toBe(200);
      if (options.settle !== false) await t().app.payments.simulator?.settleNow();
    }
    return purchase;
  }

  /**
   * A purchase of `price` in its own package, shipped through the Fulfillment area (Mark shipped
   * captures it), settled in the gateway's batch, and marked delivered.
   */
  async function deliveredPurchase(price: string) {
    const { admin } = people();
    const purchase = await capturedPurchase(price, { capture: false });
    const packages = (await call(admin.cookie, 'GET', '/api/admin/shipments')).json() as AdminShipment[];
    const parcel = packages.find((p) => p.items.some((item) => item.purchaseId === purchase.id));
    if (!parcel) throw new Error('the purchase was not bundled into a package');
    const shipped = await call(admin.cookie, 'POST', `/api/admin/shipments/${parcel.id}/ship`, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await t().app.payments.simulator?.settleNow();
    const delivered = await call(admin.cookie, 'POST', `/api/admin/shipments/${parcel.id}/deliver`, {});
    expect(delivered.statusCode, delivered.body).toBe(200);
    return purchase;
  }

  const refund = (purchaseId: string, amount: string, reason = 'Scratched on arrival') =>
    call(people().admin.cookie, 'POST', `/api/admin/purchases/${purchaseId}/refund`, { amount, reason });

  async function refunded(purchaseId: string, amount: string): Promise<AdminRefund> {
    const res = await refund(purchaseId, amount);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminRefund;
  }

  /** The refunds (credits) the simulated gateway made against a charge. */
  const creditsAtGateway = (transactionId: string) =>
    simulatorDb(t().database)
      .selectFrom('authnetSimTransactions')
      .select(['id', 'amount', 'invoiceNumber'])
      .where('refTransId', '=', Number(transactionId))
      .where('type', '=', 'refundTransaction')
      .orderBy('createdAt')
      .execute();

  /** The charge's own status at the simulated gateway (captured, voided, …). */
  const chargeAtGateway = async (transactionId: string) =>
    (
      await simulatorDb(t().database)
        .selectFrom('authnetSimTransactions')
        .select('status')
        .where('id', '=', Number(transactionId))
        .executeTakeFirstOrThrow()
    ).status;

  const refundRows = (purchaseId: string) =>
    t()
      .database.db.selectFrom('refunds')
      .select(['id', 'amount', 'status', 'method', 'transactionId', 'errorMessage', 'returnId'])
      .where('purchaseId', '=', purchaseId)
      .orderBy('createdAt')
      .execute();

  return { call, capturedPurchase, deliveredPurchase, refund, refunded, creditsAtGateway, chargeAtGateway, refundRows };
}

export const refusal = (message: string) => ({ message, code: 'refund_not_allowed' });
