import { describe, expect, it } from 'vitest';
import { afterSaleOf, itemsAfterSale } from './after-sale';
import type { PurchaseAfterSaleRow, ReportShipmentRow } from './after-sale.repository';

// The show ended on Monday 3 March 2025 at 20:00 UTC; its packages were due by Wednesday the 5th.
const showEnd = new Date('2025-03-03T20:00:00Z');
const now = new Date('2025-03-10T12:00:00Z');

function shipment(id: string, status: ReportShipmentRow['status'], shippedAt?: string): ReportShipmentRow {
  return {
    id,
    status,
    shipBy: '2025-03-05',
    shippedAt: shippedAt ? new Date(shippedAt) : null,
    deliveredAt: status === 'delivered' ? new Date('2025-03-08T10:00:00Z') : null,
  };
}

function purchase(id: string, extra: Partial<PurchaseAfterSaleRow> = {}): PurchaseAfterSaleRow {
  return {
    id,
    shipmentId: null,
    captured: null,
    requested: 0,
    approved: 0,
    declined: 0,
    received: 0,
    refunded: 0,
    returnStatus: null,
    refundsDone: 0,
    refundedAmount: '0',
    refundsPending: 0,
    ...extra,
  };
}

describe("the show report's after the sale", () => {
  it('counts shipping on the ship-by day (UTC) as on time, the day after as late', () => {
    const shipments = [
      shipment('a', 'shipped', '2025-03-05T23:59:59.999Z'),
      shipment('b', 'delivered', '2025-03-06T00:00:00.000Z'),
    ];
    const figures = afterSaleOf({ shipments, purchases: [], showEnd, now });
    expect(figures.onTime).toEqual({ shipped: 2, onTime: 1, rate: 0.5 });
    expect(figures.packages).toEqual({ total: 2, toPack: 0, shipped: 1, delivered: 1, late: 0 });
  });

  it('takes the median of an even count as the mean of the middle two, in calendar days', () => {
    const shipments = [
      shipment('a', 'shipped', '2025-03-04T08:00:00Z'), // 0.5 days
      shipment('b', 'shipped', '2025-03-04T20:00:00Z'), // 1.0
      shipment('c', 'shipped', '2025-03-05T20:00:00Z'), // 2.0
      shipment('d', 'shipped', '2025-03-08T20:00:00Z'), // 5.0, over a weekend: calendar days count it
    ];
    expect(afterSaleOf({ shipments, purchases: [], showEnd, now }).daysToShip).toEqual({ median: 1.5, max: 5 });
  });

  it('counts a package shipped before the show ended as no days, and none without an end', () => {
    const early = [shipment('a', 'shipped', '2025-03-03T19:00:00Z')];
    expect(afterSaleOf({ shipments: early, purchases: [], showEnd, now }).daysToShip).toEqual({ median: 0, max: 0 });
    expect(afterSaleOf({ shipments: early, purchases: [], showEnd: null, now }).daysToShip).toEqual({
      median: null,
      max: null,
    });
  });

  it('marks unshipped packages late only once their ship-by day has passed', () => {
    const shipments = [shipment('a', 'processing'), shipment('b', 'shipping')];
    expect(afterSaleOf({ shipments, purchases: [], showEnd, now: new Date('2025-03-05T23:00:00Z') }).packages).toEqual({
      total: 2,
      toPack: 2,
      shipped: 0,
      delivered: 0,
      late: 0,
    });
    const later = afterSaleOf({ shipments, purchases: [], showEnd, now: new Date('2025-03-06T00:00:00Z') });
    expect(later.packages.late).toBe(2);
    // Nothing shipped: no rate rather than 0%.
    expect(later.onTime).toEqual({ shipped: 0, onTime: 0, rate: null });
    expect(later.daysToShip).toEqual({ median: null, max: null });
  });

  it('adds up captures and refunds in cents, and refunds as a share of the captured total', () => {
    const purchases = [
      purchase('p', { captured: '0.10', refundsDone: 1, refundedAmount: '0.10' }),
      purchase('q', { captured: '0.20', refundsPending: 1, requested: 1, declined: 1 }),
      purchase('r'),
    ];
    const figures = afterSaleOf({ shipments: [], purchases, showEnd, now });
    expect(figures.captured).toBe('0.30');
    expect(figures.refunds).toEqual({ count: 1, pending: 1, amount: '0.10', shareOfCaptured: 1 / 3 });
    expect(figures.returns).toEqual({ requested: 1, approved: 0, declined: 1, received: 0, refunded: 0 });
    expect(afterSaleOf({ shipments: [], purchases: [purchase('r')], showEnd, now }).refunds.shareOfCaptured).toBeNull();
  });

  it("gives each purchase its package's facts, and an item without a purchase nothing", () => {
    const shipments = [shipment('s', 'delivered', '2025-03-05T23:30:00Z')];
    const purchases = [purchase('p', { shipmentId: 's', captured: '60.00', refundedAmount: '30.00' })];
    const of = itemsAfterSale({ shipments, purchases, showEnd, now });
    expect(of('p')).toEqual({
      shipmentStatus: 'delivered',
      shipBy: '2025-03-05',
      shippedAt: '2025-03-05T23:30:00.000Z',
      deliveredAt: '2025-03-08T10:00:00.000Z',
      shippedOnTime: true,
      daysToShip: 2.1,
      captured: '60.00',
      refunded: '30.00',
      returnStatus: null,
    });
    expect(of(undefined)).toMatchObject({ shipmentStatus: null, captured: null, refunded: '0.00' });
  });
});
