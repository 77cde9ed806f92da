import {
  type AdminShipment,
  AUTHORIZATION_HOLD_DAYS,
  type FulfillmentSettings,
  memberShipmentStatus,
  type OrderShipment,
} from '@vault/contracts';
import type { Shipment } from '@vault/db';
import { cents, money } from '../core/money';
import { type ClassShipping, needsAdultSignature, packageCarriers } from './package-rules';
import type { ShipmentItemRow, ShipmentRow } from './repository';
import { isLate } from './ship-by';
import { tracking } from './tracking';

const DAY_MS = 24 * 3600 * 1000;

/** The purchases whose authorisation can still lapse: not captured yet. */
const UNCAPTURED = new Set(['authorized', 'pending']);

/** What a package's items allow and ask: its carriers, its value and whether it needs a signature. */
export function packageFacts(items: readonly ShipmentItemRow[], rules: ReadonlyMap<string, ClassShipping>) {
  const classes = items.map((item) => item.legalClass);
  const totalCents = items.reduce((sum, item) => sum + cents(item.amount), 0);
  return {
    carriers: packageCarriers(classes, rules),
    adultSignature: needsAdultSignature(totalCents, classes, rules),
    totalCents,
  };
}

const trackingUrlOf = (row: Pick<Shipment, 'carrier' | 'trackingNumber'>) =>
  row.carrier && row.trackingNumber ? tracking.trackingUrl(row.carrier, row.trackingNumber) : null;

/** A package as the Fulfillment area and its packing slip show it. */
export function toAdminShipment(
  row: ShipmentRow,
  items: readonly ShipmentItemRow[],
  rules: ReadonlyMap<string, ClassShipping>,
  settings: FulfillmentSettings,
  now: Date,
): AdminShipment {
  const facts = packageFacts(items, rules);
  const packing = row.status === 'processing' || row.status === 'shipping';
  // The oldest uncaptured authorisation lapses first: the gateway holds each for 30 days.
  const oldest = items.filter((item) => UNCAPTURED.has(item.status)).map((item) => item.createdAt.getTime());
  const expiresAt = oldest.length > 0 ? new Date(Math.min(...oldest) + AUTHORIZATION_HOLD_DAYS * DAY_MS) : null;
  return {
    id: row.id,
    status: row.status,
    member: { id: row.userId, email: row.email, fullName: row.fullName },
    show: row.showId && row.showTitle !== null ? { id: row.showId, title: row.showTitle } : null,
    shipTo: row.shipTo,
    shipBy: row.shipBy,
    late: packing && isLate(row.shipBy, now),
    carriers: facts.carriers,
    // Once shipped, what was decided then; before, what the items ask now.
    adultSignature: packing ? facts.adultSignature : row.adultSignature,
    carrier: row.carrier,
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrlOf(row),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastError: row.lastError,
    authorizationExpiresAt: expiresAt?.toISOString() ?? null,
    authorizationExpiring:
      expiresAt !== null && expiresAt.getTime() - now.getTime() <= settings.authorizationWarningDays * DAY_MS,
    items: items.map((item) => ({
      purchaseId: item.id,
      orderNumber: item.id.slice(0, 8),
      showItemId: item.showItemId,
      title: item.title,
      legalClass: item.legalClass,
      bladeLength: item.bladeLength,
      amount: item.amount,
      status: item.status,
      capturedAmount: item.capturedAmount,
    })),
    total: money(facts.totalCents),
  };
}

/** A package as its member sees it on an order (`shipping` reads as processing). */
export function toOrderShipment(
  row: Pick<Shipment, 'id' | 'status' | 'carrier' | 'trackingNumber' | 'shippedAt' | 'deliveredAt'>,
): OrderShipment {
  return {
    id: row.id,
    status: memberShipmentStatus(row.status),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrlOf(row),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
