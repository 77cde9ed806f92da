import type { BuyAttempts, ReportItem, ShowReport } from '@vault/contracts';
import type { BuyAttemptOutcome, Show, ShowItem } from '@vault/db';
import { cents, money } from '../core/money';
import type { PurchaseWithBuyer } from '../purchases';
import { afterSaleOf, itemsAfterSale } from './after-sale';
import type { PurchaseAfterSaleRow, ReportShipmentRow } from './after-sale.repository';
import { latestRunStart, type ReportEvent, secondsBetween, walkRuns } from './events';
import { type FairDropsInput, fairDropsOf, flaggedMembersOfShow } from './fair-drops';
import type { BuyAttemptRow } from './repository';
import { buildTimeline } from './timeline';

export interface ReportInput {
  show: Show;
  /** The lineup, in show order. */
  items: ShowItem[];
  /** Every event of the show, in order. */
  events: ReportEvent[];
  purchases: PurchaseWithBuyer[];
  attempts: BuyAttemptRow[];
  /** Distinct members who pressed: per (item, outcome), per item (outcome null), per show (both null). */
  attemptMembers: MemberCountRow[];
  hearts: Map<string, number>;
  /** Presses the eligibility rules refused, per item and rule, with the rule's label. */
  refusals: RefusalRow[];
  /** The packages carrying the show's knives, and per purchase its capture, returns and refunds. */
  shipments: ReportShipmentRow[];
  afterSale: PurchaseAfterSaleRow[];
  /** Now, for the packages late to ship. */
  now: Date;
  /** The presses' reaction times and members, and the draws (fair-drops.repository.ts). */
  fairDrops: FairDropsInput;
}

export interface RefusalRow {
  showItemId: string;
  rule: string;
  label: string;
  members: number;
  presses: number;
}

export interface MemberCountRow {
  showItemId: string | null;
  outcome: BuyAttemptOutcome | null;
  members: number;
}

/** Purchases that still hold the member's money. */
const HOLDS_MONEY = new Set(['authorized', 'completed']);

function attemptsOf(rows: BuyAttemptRow[]): BuyAttempts {
  const counts: BuyAttempts = { won: 0, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 0, total: 0 };
  for (const row of rows) {
    counts[row.outcome] += row.count;
    counts.total += row.count;
  }
  return counts;
}

/** An item's members per outcome; `total` is its distinct members, not a sum (one may win and replay). */
function membersOf(rows: MemberCountRow[]): BuyAttempts {
  const counts: BuyAttempts = { won: 0, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 0, total: 0 };
  for (const row of rows) {
    if (row.outcome === null) counts.total = row.members;
    else counts[row.outcome] = row.members;
  }
  return counts;
}

interface Sale {
  at: Date;
  shownAt: Date | null;
}

/**
 * When each lineup position was last shown in the latest run, and each position's sale with the
 * showing it followed (in the run it happened in: a sale from before a reset keeps its own time).
 */
function itemTimes(events: ReportEvent[]) {
  const runStart = latestRunStart(events);
  const shownInRun = new Map<number, Date>();
  const sales = new Map<number, Sale>();
  let position = 0;
  walkRuns(events, (event, lastShown) => {
    if (event.index !== null) {
      if (event.type === 'item-showing' && position >= runStart) shownInRun.set(event.index, event.occurredAt);
      if (event.type === 'sold')
        sales.set(event.index, { at: event.occurredAt, shownAt: lastShown.get(event.index) ?? null });
    }
    position += 1;
  });
  return { shownInRun, sales, runStart };
}

/** The report of a show from its rows: pure, so its arithmetic is tested without a database. */
export function buildReport(input: ReportInput): ShowReport {
  const { show, items, events } = input;
  const purchaseOf = new Map(input.purchases.map((p) => [p.showItemId, p]));
  const buyerOf = (item: ShowItem | undefined) => {
    const purchase = item && purchaseOf.get(item.id);
    return purchase ? { id: purchase.userId, email: purchase.email, fullName: purchase.fullName } : null;
  };
  const { shownInRun, sales, runStart } = itemTimes(events);
  const run = events.slice(runStart);
  const completed = run.findLast(
    (e) => e.type === 'completed' || (e.type === 'scheduled' && e.scheduledStatus === 'completed'),
  );
  const afterSaleInput = {
    shipments: input.shipments,
    purchases: input.afterSale,
    showEnd: completed?.occurredAt ?? null,
    now: input.now,
  };
  const afterSaleOfPurchase = itemsAfterSale(afterSaleInput);
  const fairDropsOfItem = fairDropsOf(input.fairDrops);

  const reportItems: ReportItem[] = items.map((item, index) => {
    const sold = item.status === 'sold';
    const sale = sold ? sales.get(index) : undefined;
    const soldAt = sold ? (sale?.at ?? item.soldAt) : null;
    const purchase = purchaseOf.get(item.id);
    const shownAt = shownInRun.get(index) ?? sale?.shownAt ?? null;
    return {
      id: item.id,
      index,
      title: item.title,
      price: item.price,
      status: item.status,
      shownAt: shownAt?.toISOString() ?? null,
      soldAt: soldAt?.toISOString() ?? null,
      secondsToSale: sale?.shownAt ? secondsBetween(sale.shownAt, sale.at) : null,
      buyer: buyerOf(item),
      purchaseStatus: purchase?.status ?? null,
      attempts: attemptsOf(input.attempts.filter((row) => row.showItemId === item.id)),
      attemptMembers: membersOf(input.attemptMembers.filter((row) => row.showItemId === item.id)),
      hearts: input.hearts.get(item.id) ?? 0,
      eligibilityRefusals: input.refusals
        .filter((row) => row.showItemId === item.id)
        .map(({ rule, label, members, presses }) => ({ rule, label, members, presses })),
      afterSale: afterSaleOfPurchase(purchase?.id),
      saleMode: item.saleMode,
      ...fairDropsOfItem(item.id),
    };
  });

  const watchers = run.flatMap((e) =>
    e.watchers === null ? [] : [{ at: e.occurredAt.toISOString(), count: e.watchers }],
  );
  const started = events[runStart];
  const soldCount = reportItems.filter((item) => item.status === 'sold').length;
  const revenue = input.purchases.filter((p) => HOLDS_MONEY.has(p.status)).reduce((sum, p) => sum + cents(p.amount), 0);

  return {
    show: {
      id: show.id,
      title: show.title,
      status: show.status,
      launchTime: show.launchTime?.toISOString() ?? null,
      startedAt: started?.occurredAt.toISOString() ?? null,
      completedAt: completed?.occurredAt.toISOString() ?? null,
    },
    totals: {
      items: items.length,
      sold: soldCount,
      sellThrough: items.length === 0 ? 0 : soldCount / items.length,
      revenue: money(revenue),
      attempts: reportItems.reduce((sum, item) => sum + item.attempts.total, 0),
      attemptMembers: input.attemptMembers.find((row) => row.showItemId === null)?.members ?? 0,
      peakWatchers: watchers.reduce((peak, sample) => Math.max(peak, sample.count), 0),
      flaggedMembers: flaggedMembersOfShow(input.fairDrops.pressStats),
    },
    afterSale: afterSaleOf(afterSaleInput),
    items: reportItems,
    watchers,
    timeline: buildTimeline(events, {
      titleAt: (index) => items[index]?.title ?? null,
      buyerAt: (index) => buyerOf(items[index]),
    }),
  };
}
