import {
  type AdminShipment,
  type Carrier,
  carrierFormats,
  fulfillmentMessages,
  isTrackingNumber,
  normalizeTrackingNumber,
  type ShipBody,
  shipmentShippedDedupeKey,
} from '@vault/contracts';
import { AppError } from '../core/app-error';
import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import { type CaptureOutcome, capturePurchase } from './capture';
import { deleteIfEmpty } from './capture.repository';
import {
  findShipmentRow,
  listShipmentItems,
  markShipped,
  queueShippedNotices,
  releaseShipment,
  type ShipmentItemRow,
  takeShipment,
} from './repository';
import { classRules, getShipment } from './shipments';
import { packageFacts } from './views';

/**
 * Each capture Mark shipped makes, told before it is sent and after it settles: the route
 * records them in the audit log (one record per purchase, beside the shipment's own).
 */
export interface CaptureHooks {
  /** Before the capture is sent; what it returns is called with what it came to. */
  capturing(item: ShipmentItemRow): Promise<(outcome: CaptureOutcome) => Promise<void>>;
}

/** Why a package whose Mark shipped stopped half way (a failure, a crash) is back to packing. */
export const SHIP_INTERRUPTED = 'Mark shipped was interrupted before it finished: check the payments and try again';

type ShipDeps = Pick<ServiceDeps, 'db' | 'config' | 'now' | 'payments' | 'log' | 'notify'>;

/** The carrier, service and tracking number, checked against the package's items and the carrier's formats. */
function checkShipping(body: ShipBody, carriers: readonly Carrier[]) {
  const { carrier } = body;
  if (!carriers.includes(carrier))
    throw new AppError(400, 'invalid_request', fulfillmentMessages.carrierNotAllowed(carrier));
  const service = body.service || null;
  if (service !== null && !carrierFormats[carrier].services.includes(service))
    throw new AppError(400, 'invalid_request', fulfillmentMessages.serviceUnknown(carrier));
  if (!isTrackingNumber(carrier, body.trackingNumber))
    throw new AppError(400, 'invalid_request', fulfillmentMessages.trackingInvalid(carrier));
  return { carrier, service, trackingNumber: normalizeTrackingNumber(body.trackingNumber) };
}

/**
 * Mark shipped: the money follows the parcel, exactly once. The package is taken (processing →
 * shipping, one conditional UPDATE), each authorised purchase in it is captured (a purchase
 * already captured by hand is not captured again), and only when every purchase is captured
 * does the package become shipped — with its one shipped email queued in the same transaction.
 * Otherwise it goes back to packing with the reason, and the call answers 409 payment_unsettled.
 */
export async function shipShipment(
  deps: ShipDeps,
  shipmentId: string,
  body: ShipBody,
  by: { adminId: string; hooks: CaptureHooks },
): Promise<AdminShipment> {
  const row = await findShipmentRow(deps.db, shipmentId);
  if (!row) throw new AppError(404, 'not_found', fulfillmentMessages.shipmentNotFound);
  if (row.status !== 'processing') throw new AppError(409, 'conflict', fulfillmentMessages.notPackable);
  const [before, rules] = await Promise.all([listShipmentItems(deps.db, [shipmentId]), classRules(deps.db)]);
  if (before.length === 0) throw new AppError(409, 'conflict', fulfillmentMessages.emptyShipment);
  const shipping = checkShipping(body, packageFacts(before, rules).carriers);

  if (!(await takeShipment(deps.db, shipmentId))) throw new AppError(409, 'conflict', fulfillmentMessages.notPackable);
  let failures: string[];
  let items: ShipmentItemRow[];
  try {
    // Read again now that it is ours: a split or a bundling just before the take counts.
    failures = await captureAll(deps, await listShipmentItems(deps.db, [shipmentId]), by.hooks);
    items = await listShipmentItems(deps.db, [shipmentId]);
  } catch (error) {
    await releaseShipment(deps.db, shipmentId, SHIP_INTERRUPTED);
    throw error;
  }
  const unsettled = items.filter((item) => item.status !== 'completed');
  if (items.length === 0 || unsettled.length > 0) {
    const message =
      items.length === 0 ? fulfillmentMessages.emptyShipment : fulfillmentMessages.paymentUnsettled(unsettled.length);
    await releaseShipment(deps.db, shipmentId, [message, ...failures].join(' '));
    // Every purchase was voided while it was being shipped: nothing is left to pack.
    if (items.length === 0) await deleteIfEmpty(deps.db, shipmentId);
    throw new AppError(409, items.length === 0 ? 'conflict' : 'payment_unsettled', message);
  }

  const facts = packageFacts(items, rules);
  const notices = await withTransaction(deps.db, async (trx) => {
    const shipped = await markShipped(trx, shipmentId, {
      ...shipping,
      adultSignature: facts.adultSignature,
      shippedBy: by.adminId,
      at: new Date(deps.now()),
    });
    // The capture reconciler gave it back to packing meanwhile (it took too long): ship again.
    if (!shipped) throw new AppError(409, 'conflict', fulfillmentMessages.notPackable);
    return queueShippedNotices(trx, {
      shipmentId,
      userId: shipped.userId,
      dedupeKey: shipmentShippedDedupeKey(shipmentId),
      at: shipped.shippedAt ?? new Date(deps.now()),
    });
  });
  if (notices.mailId) deps.notify.kick([notices.mailId]);
  deps.notify.kickPush(notices.pushIds);
  return getShipment(deps, shipmentId);
}

/** Captures every authorised purchase, one after another; the reasons of those that did not capture. */
async function captureAll(deps: ShipDeps, items: ShipmentItemRow[], hooks: CaptureHooks): Promise<string[]> {
  const failures: string[] = [];
  for (const item of items) {
    if (item.status !== 'authorized') continue;
    const settled = await hooks.capturing(item);
    const outcome = await capturePurchase(deps, item.id);
    await settled(outcome);
    if (outcome.kind === 'refused' || outcome.kind === 'unknown')
      failures.push(`${item.id.slice(0, 8)}: ${outcome.reason}`);
  }
  return failures;
}
