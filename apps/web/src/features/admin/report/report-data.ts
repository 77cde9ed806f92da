import type { BuyAttempts, ReportItem, ShowReport, ShowStatus } from '@vault/contracts';

// The report's numbers shaped for its charts and their text equivalents. Pure, so the sums a chart
// draws are checked in unit tests rather than by eye.

/** A show that can still change: its report refreshes while it is on screen. */
export const isLive = (status: ShowStatus | undefined) => status === 'running' || status === 'paused';

/** Money as whole cents, so a running total never collects float error ("0.1 + 0.2"). */
export function toCents(money: string): number {
  const [whole = '0', fraction = ''] = money.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export const centsToMoney = (cents: number) => (cents / 100).toFixed(2);

/** The outcomes of a Buy press in the order the stacked bars draw them, with what an admin reads. */
export const attemptOutcomes = [
  { key: 'won', label: 'Won', color: '#d4a24c' },
  { key: 'sold', label: 'Already sold', color: '#a4a7b0' },
  { key: 'refused', label: 'Refused', color: '#f87171' },
  { key: 'declined', label: 'Declined', color: '#60a5fa' },
  { key: 'error', label: 'Error', color: '#c084fc' },
  { key: 'timeout', label: 'Timed out', color: '#22d3ee' },
  { key: 'replay', label: 'Replay', color: '#a3e635' },
] as const satisfies readonly { key: Exclude<keyof BuyAttempts, 'total'>; label: string; color: string }[];

export type AttemptOutcome = (typeof attemptOutcomes)[number]['key'];

/** "#2": the short name of an item on a chart axis (titles are in the tooltip and the table). */
export const itemLabel = (item: Pick<ReportItem, 'index'>) => `#${item.index + 1}`;

export interface SellThroughSlice {
  name: 'Sold' | 'Unsold';
  value: number;
}

export function sellThroughSlices(report: ShowReport): SellThroughSlice[] {
  const { items, sold } = report.totals;
  return [
    { name: 'Sold', value: sold },
    { name: 'Unsold', value: Math.max(0, items - sold) },
  ];
}

/** The purchase statuses that still hold the buyer's money: the ones revenue counts. */
const heldMoney = new Set(['authorized', 'completed']);

export interface RevenuePoint {
  /** Epoch ms. */
  at: number;
  /** Revenue so far, in cents. */
  cents: number;
  /** The item sold at this point (null for the show's start). */
  title: string | null;
}

/**
 * Revenue so far after each sale, in sale order, from 0 at the show's start. Only sales whose
 * purchase still holds money count, as in the totals (a voided one drops out).
 */
export function revenueSeries(report: ShowReport): RevenuePoint[] {
  const sales = report.items
    .filter((item) => item.soldAt !== null && item.purchaseStatus !== null && heldMoney.has(item.purchaseStatus))
    .map((item) => ({ at: Date.parse(item.soldAt ?? ''), cents: toCents(item.price), title: item.title }))
    .sort((a, b) => a.at - b.at);
  if (sales.length === 0) return [];
  const startedAt = report.show.startedAt ? Date.parse(report.show.startedAt) : Number.NaN;
  const first = sales[0]?.at ?? 0;
  const points: RevenuePoint[] = [
    { at: Number.isFinite(startedAt) ? Math.min(startedAt, first) : first, cents: 0, title: null },
  ];
  let total = 0;
  for (const sale of sales) {
    total += sale.cents;
    points.push({ at: sale.at, cents: total, title: sale.title });
  }
  return points;
}

export interface TimeToSaleBar {
  label: string;
  title: string;
  /** Null for an item that did not sell: the bar is absent, the table says "Not sold". */
  seconds: number | null;
}

export const timeToSaleBars = (report: ShowReport): TimeToSaleBar[] =>
  report.items.map((item) => ({ label: itemLabel(item), title: item.title, seconds: item.secondsToSale }));

export type AttemptBar = { label: string; title: string; total: number } & Record<AttemptOutcome, number>;

export function attemptBars(report: ShowReport): AttemptBar[] {
  return report.items.map((item) => {
    const bar = { label: itemLabel(item), title: item.title, total: item.attempts.total } as AttemptBar;
    for (const { key } of attemptOutcomes) bar[key] = item.attempts[key];
    return bar;
  });
}

/** The outcomes that happened at all in this show: the legend and table list only these. */
export const outcomesSeen = (report: ShowReport) =>
  attemptOutcomes.filter(({ key }) => report.items.some((item) => item.attempts[key] > 0));

export interface ItemRefusals {
  id: string;
  label: string;
  title: string;
  /** Per rule, the most pressed first. */
  rules: ReportItem['eligibilityRefusals'];
  presses: number;
}

/**
 * Buy presses the eligibility rules refused: demand the operator could not serve. Per item (only
 * those with any, in lineup order) and in total; members are counted per rule, so they are not
 * added up (one member may have met two rules).
 */
export function eligibilityRefusals(report: ShowReport): { items: ItemRefusals[]; presses: number } {
  const items = report.items
    .filter((item) => item.eligibilityRefusals.length > 0)
    .map((item) => ({
      id: item.id,
      label: itemLabel(item),
      title: item.title,
      rules: [...item.eligibilityRefusals].sort((a, b) => b.presses - a.presses),
      presses: item.eligibilityRefusals.reduce((sum, rule) => sum + rule.presses, 0),
    }));
  return { items, presses: items.reduce((sum, item) => sum + item.presses, 0) };
}

export interface WatcherPoint {
  at: number;
  count: number;
}

export const watcherSeries = (report: ShowReport): WatcherPoint[] =>
  report.watchers.map((sample) => ({ at: Date.parse(sample.at), count: sample.count })).sort((a, b) => a.at - b.at);

// 24-hour local time with seconds: a timeline reads in order, and 09:05:07 lines up under 10:15:42.
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "14:03:09" in the admin's own time zone. */
export function formatClock(at: string | number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : clock.format(date);
}

/** 0.6667 → "67%". */
export const formatPercent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** 12.44 → "12.4 s". */
export const formatSeconds = (seconds: number) => `${seconds.toFixed(1)} s`;
