import { type ShowReport, showMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { describeRefusingRule, refusalsOfShow } from '../eligibility';
import { heartCounts } from '../hearts';
import { listShowPurchases } from '../purchases';
import { listLineup } from '../shows';
import { purchasesAfterSale, shipmentsOfShow } from './after-sale.repository';
import { buildReport } from './build';
import { fileSlug, reportCsv } from './csv';
import { parseEvent } from './events';
import { drawsOfShow, pressMembersOfShow, pressStatsOfShow } from './fair-drops.repository';
import { buyAttemptMembersOfShow, buyAttemptsOfShow, findReportableShow, listShowEvents } from './repository';

/**
 * GET /api/shows/:showId/report: the show's timeline (every event, in order) and its numbers
 * (sell-through, revenue, time to sale, demand per item, members watching) and the business after
 * the sale (packages, shipping on time, days to ship, returns, refunds), and per item its sale
 * mode, reaction times, presses per member, flagged members and draw. 404 for an unknown
 * show and for the test-products show, which has no run to report on.
 */
export async function showReport(deps: Pick<ServiceDeps, 'db' | 'now'>, showId: string): Promise<ShowReport> {
  const show = await findReportableShow(deps.db, showId);
  if (!show) throw new AppError(404, 'not_found', showMessages.notFound);
  const [
    items,
    events,
    purchases,
    attempts,
    attemptMembers,
    refused,
    shipments,
    afterSale,
    pressStats,
    pressMembers,
    draws,
  ] = await Promise.all([
    listLineup(deps.db, showId),
    listShowEvents(deps.db, showId),
    listShowPurchases(deps.db, showId),
    buyAttemptsOfShow(deps.db, showId),
    buyAttemptMembersOfShow(deps.db, showId),
    refusalsOfShow(deps.db, showId),
    shipmentsOfShow(deps.db, showId),
    purchasesAfterSale(deps.db, showId),
    pressStatsOfShow(deps.db, showId),
    pressMembersOfShow(deps.db, showId),
    drawsOfShow(deps.db, showId),
  ]);
  const refusals = refused.map((row) => ({
    showItemId: row.showItemId,
    rule: row.ruleKey,
    label: describeRefusingRule(row),
    members: row.members,
    presses: row.presses,
  }));
  const hearts = await heartCounts(
    deps.db,
    items.map((item) => item.id),
  );
  return buildReport({
    show,
    items,
    events: events.map(parseEvent),
    purchases,
    attempts,
    attemptMembers,
    hearts,
    refusals,
    shipments,
    afterSale,
    now: new Date(deps.now()),
    fairDrops: { pressStats, pressMembers, draws },
  });
}

/** GET /api/shows/:showId/report.csv: the report's items, one row each, as a download. */
export async function showReportCsv(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  showId: string,
): Promise<{ filename: string; csv: string }> {
  const report = await showReport(deps, showId);
  return { filename: `${fileSlug(report.show.title)}-report.csv`, csv: reportCsv(report) };
}
