import type { ReportAfterSale, ReportItemAfterSale } from '@vault/contracts';
import { cents, money } from '../core/money';
import type { PurchaseAfterSaleRow, ReportShipmentRow } from './after-sale.repository';

// The report's "after the sale", from the show's packages and its purchases' captures, returns and
// refunds: pure, so the arithmetic of on-time shipping and days to ship is tested without a database.

export interface AfterSaleInput {
  shipments: ReportShipmentRow[];
  purchases: PurchaseAfterSaleRow[];
  /** When the show ended (its latest run's completion); days to ship count from it. */
  showEnd: Date | null;
  now: Date;
}

const DAY_MS = 86_400_000;
const NOT_SHIPPED = new Set(['processing', 'shipping']);

/** The UTC calendar day of an instant, YYYY-MM-DD: the day a ship-by date is compared with. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Shipping on the ship-by day itself is on time; the day is the UTC day, as ship-by days are counted. */
const shippedOnTime = (shipment: ReportShipmentRow) =>
  shipment.shippedAt ? utcDay(shipment.shippedAt) <= shipment.shipBy : null;

/**
 * Calendar days (not business days) from the show's end to the shipping, one decimal. A package
 * shipped before the show ended (an admin may ship a member's early wins) waited no days after it.
 */
function daysToShip(shipment: ReportShipmentRow, showEnd: Date | null): number | null {
  if (!shipment.shippedAt || !showEnd) return null;
  return Math.max(0, Math.round(((shipment.shippedAt.getTime() - showEnd.getTime()) / DAY_MS) * 10) / 10);
}

/** The middle of sorted days (the mean of the two middle ones for an even count), one decimal. */
function median(sorted: number[]): number | null {
  const low = sorted[Math.ceil(sorted.length / 2) - 1];
  const high = sorted[Math.floor(sorted.length / 2)];
  return low === undefined || high === undefined ? null : Math.round(((low + high) / 2) * 10) / 10;
}

export function afterSaleOf(input: AfterSaleInput): ReportAfterSale {
  const { shipments, purchases } = input;
  const today = utcDay(input.now);
  const toPack = shipments.filter((s) => NOT_SHIPPED.has(s.status));
  const shipped = shipments.filter((s) => s.shippedAt !== null);
  const onTime = shipped.filter((s) => shippedOnTime(s)).length;
  const days = shipped.flatMap((s) => daysToShip(s, input.showEnd) ?? []).sort((a, b) => a - b);
  const sum = (pick: (row: PurchaseAfterSaleRow) => number) => purchases.reduce((total, row) => total + pick(row), 0);
  const captured = sum((row) => (row.captured === null ? 0 : cents(row.captured)));
  const refunded = sum((row) => cents(row.refundedAmount));
  return {
    packages: {
      total: shipments.length,
      toPack: toPack.length,
      shipped: shipments.filter((s) => s.status === 'shipped').length,
      delivered: shipments.filter((s) => s.status === 'delivered').length,
      late: toPack.filter((s) => s.shipBy < today).length,
    },
    onTime: { shipped: shipped.length, onTime, rate: shipped.length === 0 ? null : onTime / shipped.length },
    daysToShip: { median: median(days), max: days.at(-1) ?? null },
    returns: {
      requested: sum((row) => row.requested),
      approved: sum((row) => row.approved),
      declined: sum((row) => row.declined),
      received: sum((row) => row.received),
      refunded: sum((row) => row.refunded),
    },
    refunds: {
      count: sum((row) => row.refundsDone),
      pending: sum((row) => row.refundsPending),
      amount: money(refunded),
      shareOfCaptured: captured === 0 ? null : refunded / captured,
    },
    captured: money(captured),
  };
}

/** An item nobody bought, or a purchase with nothing after its sale yet. */
export const NOTHING_YET: ReportItemAfterSale = {
  shipmentStatus: null,
  shipBy: null,
  shippedAt: null,
  deliveredAt: null,
  shippedOnTime: null,
  daysToShip: null,
  captured: null,
  refunded: '0.00',
  returnStatus: null,
};

/** Each purchase's own after-sale facts (the CSV's columns), by purchase id. */
export function itemsAfterSale(input: AfterSaleInput): (purchaseId: string | undefined) => ReportItemAfterSale {
  const shipmentOf = new Map(input.shipments.map((s) => [s.id, s]));
  const byPurchase = new Map(
    input.purchases.map((row): [string, ReportItemAfterSale] => {
      const shipment = row.shipmentId ? shipmentOf.get(row.shipmentId) : undefined;
      return [
        row.id,
        {
          shipmentStatus: shipment?.status ?? null,
          shipBy: shipment?.shipBy ?? null,
          shippedAt: shipment?.shippedAt?.toISOString() ?? null,
          deliveredAt: shipment?.deliveredAt?.toISOString() ?? null,
          shippedOnTime: shipment ? shippedOnTime(shipment) : null,
          daysToShip: shipment ? daysToShip(shipment, input.showEnd) : null,
          captured: row.captured === null ? null : money(cents(row.captured)),
          refunded: money(cents(row.refundedAmount)),
          returnStatus: row.returnStatus,
        },
      ];
    }),
  );
  return (purchaseId) => (purchaseId ? byPurchase.get(purchaseId) : undefined) ?? NOTHING_YET;
}
