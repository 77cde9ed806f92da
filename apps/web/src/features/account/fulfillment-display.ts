import {
  carrierLabels,
  fulfillmentMessages,
  type MemberReturn,
  type MemberShipmentStatus,
  type OrderRefund,
  type OrderView,
  ReturnBody,
  returnStatusLabels,
  shipmentStatusLabels,
} from '@vault/contracts';
import { z } from 'zod';
import { serverMessage } from '../../lib/api-client';
import { cents, formatDate, formatMoney } from '../../lib/format';

// What a member reads of an order after the sale: where the package is, what was refunded, how a
// return stands. Words and dates only; the components decide how they look.

export interface ShipmentLine {
  status: MemberShipmentStatus;
  /** "Processing", "Shipped Mar 4, 2026 · UPS 1Z999AA10123456784", "Delivered Mar 6, 2026". */
  text: string;
  /** The carrier's tracking page, once the package has left. */
  trackingUrl: string | null;
}

/** Voided and failed orders never ship: they get no shipment line rather than a "Processing" that never ends. */
const willShip = (status: OrderView['status']) => status !== 'voided' && status !== 'failed';

const dated = (label: string, iso: string | null) => (iso ? `${label} ${formatDate(iso)}` : label);

/**
 * The shipment line of an order: Processing until it ships (also before it is bundled), then Shipped
 * with the carrier and tracking number, then Delivered. `compact` (the /account list) leaves out the
 * carrier and number: the Track link carries them.
 */
export function shipmentLine(
  order: Pick<OrderView, 'status' | 'shipment'>,
  { compact = false }: { compact?: boolean } = {},
): ShipmentLine | null {
  if (!willShip(order.status)) return null;
  const shipment = order.shipment;
  if (!shipment || shipment.status === 'processing') {
    return { status: 'processing', text: shipmentStatusLabels.processing, trackingUrl: null };
  }
  if (shipment.status === 'delivered') {
    return {
      status: 'delivered',
      text: dated(shipmentStatusLabels.delivered, shipment.deliveredAt),
      trackingUrl: shipment.trackingUrl,
    };
  }
  const parcel = compact
    ? ''
    : [shipment.carrier ? carrierLabels[shipment.carrier] : null, shipment.trackingNumber].filter(Boolean).join(' ');
  const shipped = dated(shipmentStatusLabels.shipped, shipment.shippedAt);
  return { status: 'shipped', text: parcel ? `${shipped} · ${parcel}` : shipped, trackingUrl: shipment.trackingUrl };
}

/** "Refunded $25.00 on Mar 9, 2026", one per refund, oldest first. */
export const refundLines = (refunds: readonly OrderRefund[]): string[] =>
  refunds.map((refund) => `Refunded ${formatMoney(refund.amount)} on ${formatDate(refund.createdAt)}`);

const refundedCents = (refunds: readonly OrderRefund[]) => refunds.reduce((sum, r) => sum + cents(r.amount), 0);

/** The /account list's one line for all of an order's refunds: "Refunded $40.00", or null for none. */
export const refundSummary = (refunds: readonly OrderRefund[]): string | null =>
  refunds.length === 0 ? null : `Refunded ${formatMoney(refundedCents(refunds) / 100)}`;

/** Everything paid has come back (never more: the server refunds at most what it captured). */
export function refundedInFull(order: Pick<OrderView, 'totalAmount' | 'refunds'>): boolean {
  const total = cents(order.totalAmount);
  return total > 0 && refundedCents(order.refunds) >= total;
}

/** "Return approved · RMA-1042". */
export const returnLine = (request: Pick<MemberReturn, 'status' | 'number'>): string =>
  `${returnStatusLabels[request.status]} · ${request.number}`;

/**
 * The admin's words on a return: the instructions of an approval, the explanation of a decline.
 * Past those steps the instructions have served, so they are no longer shown.
 */
export function returnMessage(
  request: Pick<MemberReturn, 'status' | 'message'>,
): { label: string; text: string } | null {
  if (!request.message) return null;
  if (request.status === 'approved') return { label: 'Instructions', text: request.message };
  if (request.status === 'declined') return { label: 'Why it was declined', text: request.message };
  return null;
}

/** "until Apr 5, 2026": the last day a return may be requested. */
export const returnableText = (until: string): string => `until ${formatDate(until)}`;

/**
 * The return window, said before a package can be returned (on its way) or once it no longer can
 * (delivered, window over); null when a return is requestable or already asked for, and on an
 * order refunded in full, where there is nothing left to return for.
 */
export function returnWindowNote(
  order: Pick<OrderView, 'status' | 'shipment' | 'return' | 'returnableUntil' | 'totalAmount' | 'refunds'>,
  returnWindowDays: number | undefined,
): string | null {
  if (returnWindowDays === undefined || order.return || order.returnableUntil) return null;
  if (!willShip(order.status) || refundedInFull(order)) return null;
  const status = order.shipment?.status;
  return status === 'shipped' || status === 'delivered'
    ? fulfillmentMessages.returnWindowClosed(returnWindowDays)
    : null;
}

/** The return form's one field, checked as POST /api/returns checks it. */
const ReturnReason = z.object({ reason: ReturnBody.shape.reason });
export const RETURN_REASON_MAX = 1000;

/** The contract's message for a reason that will not do, or undefined when it will. */
export function reasonProblem(reason: string): string | undefined {
  const parsed = ReturnReason.safeParse({ reason });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** What the member reads when a request did not go through: the server's words (a 409 says why) first. */
export const returnRequestProblem = (error: unknown): string =>
  serverMessage(error) ?? 'Could not request the return. Please try again.';
