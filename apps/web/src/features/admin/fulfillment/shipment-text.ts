import {
  type AdminReturn,
  type AdminShipment,
  type Carrier,
  carrierFormats,
  carrierLabels,
  fulfillmentMessages,
  isTrackingNumber,
  type ShipmentItem,
} from '@vault/contracts';
import { cents, formatCalendarDay, formatDate } from '../../../lib/format';
import { adminLegalFactsText } from '../shared/legal-facts';

// How a package reads on the packing bench and its slip, and the rules the forms check before
// asking the server (the same rules, in the same words, as the server's).

/** The member as the bench names them: their name, or their email when none is on file. */
export const memberName = (member: AdminShipment['member']) => member.fullName ?? member.email;

/** A $1 test-product package has no show of its own. */
export const showTitle = (shipment: Pick<AdminShipment, 'show'>) => shipment.show?.title ?? 'Test products';

/** "Automatic (side-opener) · 3.50 in", or "Unclassified" (an item sold before classes existed). */
export const itemFactsText = (item: Pick<ShipmentItem, 'legalClass' | 'bladeLength'>) =>
  adminLegalFactsText(item) ?? 'Unclassified';

export const shipByText = (shipBy: string) => `Ship by ${formatCalendarDay(shipBy)}`;

export const authorizationText = (expiresAt: string) => `Authorisation lapses ${formatDate(expiresAt)}`;

/** "Alex Doe · UPS 1Z999AA10123456784": the shipped toast. */
export const shippedText = (shipment: AdminShipment) =>
  [
    memberName(shipment.member),
    shipment.carrier ? `${carrierLabels[shipment.carrier]} ${shipment.trackingNumber ?? ''}`.trim() : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** Oldest ship-by day first, so the late and nearly late packages lead the To-pack list. */
export const byShipBy = (a: AdminShipment, b: AdminShipment) => a.shipBy.localeCompare(b.shipBy);

/** Split: at least one item moves, and at least one stays behind. */
export function splitProblem(chosen: number, total: number): string | null {
  return chosen >= 1 && chosen < total ? null : fulfillmentMessages.splitNeedsItems;
}

/** The packages this one may absorb: still to pack, the same member, the same address. */
export const mergeCandidates = (shipment: AdminShipment, others: readonly AdminShipment[]) =>
  others.filter(
    (other) =>
      other.id !== shipment.id &&
      other.status === 'processing' &&
      other.member.id === shipment.member.id &&
      other.shipTo === shipment.shipTo,
  );

/** The tracking number's problem for this carrier, in the server's words; null when it fits. */
export function trackingProblem(carrier: Carrier, raw: string): string | null {
  if (raw.trim() === '') return fulfillmentMessages.trackingRequired;
  return isTrackingNumber(carrier, raw) ? null : fulfillmentMessages.trackingInvalid(carrier);
}

export const carrierOptions = (carriers: readonly Carrier[]) =>
  carriers.map((carrier) => ({ value: carrier, label: carrierLabels[carrier] }));

export const serviceOptions = (carrier: Carrier) =>
  carrierFormats[carrier].services.map((service) => ({ value: service, label: service }));

/** What can still be refunded on the returned purchase: captured less refunded, two decimals. */
export function refundLeft(purchase: AdminReturn['purchase']): string {
  return (Math.max(0, cents(purchase.capturedAmount) - cents(purchase.refundedAmount)) / 100).toFixed(2);
}

/** Over what is left: in the server's words. */
export const refundTooLarge = (amount: string, left: string) =>
  cents(amount) > cents(left) ? fulfillmentMessages.refundTooLarge(left) : null;
