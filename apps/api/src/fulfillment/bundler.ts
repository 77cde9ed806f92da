import { withTransaction } from '../core/db';
import type { ServiceDeps } from '../core/deps';
import {
  bundlePurchase,
  insertShipment,
  lockMember,
  membersWithUnbundled,
  openShipment,
  setShipBy,
  showEnds,
  unbundledOf,
  unshippedOfEndedShows,
} from './bundler.repository';
import { holdPackable } from './repository';
import { businessDaysAfter, utcDay } from './ship-by';
import { fulfillmentSettings } from './shipments';

export interface BundleReport {
  /** Purchases put in a package this pass. */
  bundled: number;
  /** Packages whose ship-by day moved to their show's end. */
  redated: number;
}

/** Members (and re-dated packages) per pass: a backlog is worked through over several. */
const MEMBERS_PER_PASS = 200;
const REDATES_PER_PASS = 1000;

/** The shipments.ship_to column's width. */
const shipToOf = (address: string) => address.slice(0, 300);

/**
 * One pass of the bundler: every purchase waiting for a package joins its member's open package
 * for its show and address, or starts one; a $1 test product joins the member's newest open
 * package to that address (or starts one of its own). Then packages of shows that have ended get
 * their final ship-by day. Idempotent, and safe on many replicas at once: each member's purchases
 * are bundled under that member's row lock, so two bundlers never open two packages for one
 * member and show, and a purchase joins only while it has no package (a conditional UPDATE).
 */
export async function bundleShipments(deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<BundleReport> {
  const days = fulfillmentSettings(deps.config).shipByBusinessDays;
  const report: BundleReport = { bundled: 0, redated: 0 };
  for (const userId of await membersWithUnbundled(deps.db, MEMBERS_PER_PASS)) {
    report.bundled += await bundleMember(deps, userId, days);
  }
  report.redated = await redateEndedShows(deps, days);
  return report;
}

async function bundleMember(deps: Pick<ServiceDeps, 'db'>, userId: string, days: number): Promise<number> {
  return withTransaction(deps.db, async (trx) => {
    await lockMember(trx, userId);
    const purchases = await unbundledOf(trx, userId);
    const ends = await showEnds(
      trx,
      purchases.filter((p) => p.kind === 'live').map((p) => p.showId),
    );
    let bundled = 0;
    for (const purchase of purchases) {
      const live = purchase.kind === 'live';
      const showId = live ? purchase.showId : null;
      const shipTo = shipToOf(purchase.shippingAddress);
      const found = await openShipment(trx, { userId, showId, shipTo });
      // Held before it is joined: a Mark shipped that took it first leaves this purchase to a new one.
      const open = found && (await holdPackable(trx, found)) ? found : undefined;
      const from = (showId && ends.get(showId)) || purchase.createdAt;
      const shipmentId =
        open ?? (await insertShipment(trx, { userId, showId, shipTo, shipBy: businessDaysAfter(utcDay(from), days) }));
      if (await bundlePurchase(trx, purchase.id, shipmentId)) bundled++;
    }
    return bundled;
  });
}

/** Packages of shows that ended since they were made: ship-by counts from the show's end day. */
async function redateEndedShows(deps: Pick<ServiceDeps, 'db'>, days: number): Promise<number> {
  const packages = await unshippedOfEndedShows(deps.db, REDATES_PER_PASS);
  const ends = await showEnds(deps.db, [...new Set(packages.flatMap((p) => (p.showId ? [p.showId] : [])))]);
  let redated = 0;
  for (const pkg of packages) {
    const end = pkg.showId ? ends.get(pkg.showId) : undefined;
    if (!end) continue;
    const shipBy = businessDaysAfter(utcDay(end), days);
    if (shipBy === pkg.shipBy) continue;
    await setShipBy(deps.db, pkg.id, shipBy);
    redated++;
  }
  return redated;
}
