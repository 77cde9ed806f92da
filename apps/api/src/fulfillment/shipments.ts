import {
  type AdminShipment,
  DEFAULT_FULFILLMENT,
  type FulfillmentSettings,
  fulfillmentMessages,
  type MemberShipmentStatus,
} from '@vault/contracts';
import type { Shipment } from '@vault/db';
import { AppError } from '../core/app-error';
import type { AppConfig } from '../core/config';
import { type Db, withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import type { ClassShipping } from './package-rules';
import {
  absorbShipment,
  findShipmentRow,
  holdPackable,
  insertShipmentLike,
  listClassShipping,
  listShipmentItems,
  listShipmentRows,
  markDelivered,
  movePurchases,
  purchaseIdsIn,
  type ShipmentRow,
} from './repository';
import { toAdminShipment } from './views';

/** Shipped and delivered tabs list this many, newest first (the packages to pack are all listed). */
const DONE_LIST_LIMIT = 200;

/** The operator's settings (env), or the defaults when the app was built without them. */
export const fulfillmentSettings = (config: Pick<AppConfig, 'fulfillment'>): FulfillmentSettings =>
  config.fulfillment ?? DEFAULT_FULFILLMENT;

export async function classRules(db: Db): Promise<Map<string, ClassShipping>> {
  return new Map((await listClassShipping(db)).map((rule) => [rule.legalClass, rule]));
}

/** Packages as the admin sees them, with their items. */
async function toAdminShipments(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  rows: ShipmentRow[],
): Promise<AdminShipment[]> {
  const [items, rules] = await Promise.all([
    listShipmentItems(
      deps.db,
      rows.map((row) => row.id),
    ),
    classRules(deps.db),
  ]);
  const settings = fulfillmentSettings(deps.config);
  const now = new Date(deps.now());
  return rows.map((row) =>
    toAdminShipment(
      row,
      items.filter((item) => item.shipmentId === row.id),
      rules,
      settings,
      now,
    ),
  );
}

/** One tab of the Fulfillment area: to pack (oldest ship-by first), shipped or delivered (newest first). */
export async function listShipments(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  status: MemberShipmentStatus,
): Promise<AdminShipment[]> {
  return toAdminShipments(deps, await listShipmentRows(deps.db, status, DONE_LIST_LIMIT));
}

/** One package (its packing slip); 404 when there is none. */
export async function getShipment(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  shipmentId: string,
): Promise<AdminShipment> {
  const row = await findShipmentRow(deps.db, shipmentId);
  if (!row) throw new AppError(404, 'not_found', fulfillmentMessages.shipmentNotFound);
  const [shipment] = await toAdminShipments(deps, [row]);
  if (!shipment) throw new AppError(404, 'not_found', fulfillmentMessages.shipmentNotFound);
  return shipment;
}

/**
 * Marks a shipped package delivered (the manual tracking provider: carriers cannot reach us to
 * say so). 409 unless it is shipped.
 */
export async function deliverShipment(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  shipmentId: string,
): Promise<AdminShipment> {
  if (!(await findShipmentRow(deps.db, shipmentId)))
    throw new AppError(404, 'not_found', fulfillmentMessages.shipmentNotFound);
  if (!(await markDelivered(deps.db, shipmentId, new Date(deps.now()))))
    throw new AppError(409, 'conflict', fulfillmentMessages.notShipped);
  return getShipment(deps, shipmentId);
}

const notPackable = () => new AppError(409, 'conflict', fulfillmentMessages.notPackable);

/** 404 for an unknown package, 409 for one no longer being packed. */
async function refusePackable(db: Db, shipmentId: string): Promise<never> {
  if (!(await findShipmentRow(db, shipmentId)))
    throw new AppError(404, 'not_found', fulfillmentMessages.shipmentNotFound);
  throw notPackable();
}

/**
 * Moves some of a package's items to a new package (same member, show, address and ship-by),
 * before it ships; at least one item stays. Answers the new package.
 */
export async function splitShipment(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  shipmentId: string,
  purchaseIds: readonly string[],
): Promise<AdminShipment> {
  const moving = [...new Set(purchaseIds)];
  const created = await withTransaction(deps.db, async (trx) => {
    const shipment = await holdPackable(trx, shipmentId);
    if (!shipment) return refusePackable(trx, shipmentId);
    const inside = new Set(await purchaseIdsIn(trx, shipmentId));
    if (!moving.every((id) => inside.has(id)))
      throw new AppError(400, 'invalid_request', fulfillmentMessages.splitForeignItem);
    if (moving.length >= inside.size) throw new AppError(400, 'invalid_request', fulfillmentMessages.splitNeedsItems);
    const id = await insertShipmentLike(trx, shipment);
    await movePurchases(trx, { from: shipmentId, to: id, purchaseIds: moving });
    return id;
  });
  return getShipment(deps, created);
}

/**
 * Puts another package's items into this one (same member and address, both still being packed);
 * the other package is gone. Answers this package.
 */
export async function mergeShipments(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'now'>,
  shipmentId: string,
  otherId: string,
): Promise<AdminShipment> {
  if (otherId === shipmentId) throw new AppError(400, 'invalid_request', fulfillmentMessages.mergeSelf);
  await withTransaction(deps.db, async (trx) => {
    // Both held in one order (by id), so two merges of the same pair cannot deadlock.
    const held = new Map<string, Shipment>();
    for (const id of [shipmentId, otherId].sort()) {
      const shipment = await holdPackable(trx, id);
      if (!shipment) return refusePackable(trx, id);
      held.set(id, shipment);
    }
    const into = held.get(shipmentId);
    const other = held.get(otherId);
    if (!into || !other || into.userId !== other.userId || into.shipTo !== other.shipTo)
      throw new AppError(400, 'invalid_request', fulfillmentMessages.mergeMismatch);
    await movePurchases(trx, { from: otherId, to: shipmentId });
    await absorbShipment(trx, into, other);
  });
  return getShipment(deps, shipmentId);
}
