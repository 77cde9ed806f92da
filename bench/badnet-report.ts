// The figures of the bad-link harness (see badnet-harness.ts), from what each page recorded, the
// proxies' outage logs, the sales' 200s and the server's own deadlines; and the bad-link targets.

import type { ShowStateView } from '@vault/contracts';
import type { LinkProfileName, Outage } from '@vault/testing';
import { percentiles } from './stats';

/** The bad-link targets (Sold p95, live Buy after a sale, countdown error, stale pages), every profile, every run. */
export const TARGETS = { soldP95Ms: 1500, liveBuyAfterSaleMs: 2000, countdownErrorMs: 250, stalePages: 0 } as const;

/** The display repaints every 250 ms (useNow): a transition up to that late is the display, not the clock. */
const REPAINT_MS = 250;
/** One way, the lossy link's worst latency: an outage starting this soon after a sale still held its push. */
const IN_FLIGHT_MS = 300;
/** A silent death is allowed this long to be noticed (the dead-link notice target). */
const NOTICE_MS = 2000;

/** What one page showed from `t` (its Date.now()) until its next change. */
export interface Snapshot {
  t: number;
  title: string | null;
  sold: boolean;
  buy: 'live' | 'stale' | 'none';
  countdown: string | null;
  closed: boolean;
  connection: string | null;
}

/** What one page recorded in a run, and what its link did. */
export interface PageRecord {
  port: number;
  snaps: Snapshot[];
  /** How late each 50 ms timer in the page fired. */
  lag: number[];
  outages: readonly Outage[];
}

export interface ServerItem {
  title: string;
  /** The showing phase's deadline (server ms). */
  endsAt: number | null;
  /** When the buyer got the sale's 200 (ms). */
  soldAt: number | null;
}

export interface ProfileResult {
  profile: LinkProfileName;
  pages: number;
  sales: number;
  sold: { p50: number; p95: number; max: number; never: number };
  /** Longest time a live-looking Buy button stayed on screen after its item's sale. */
  liveBuyMaxMs: number;
  /** The pages' main-thread lag (how late a 50 ms timer fired): context for late repaints. */
  lag: { p99: number; max: number };
  /** |error| beyond the repaint; `raw` is the signed transition error's [min, max] (late > 0). */
  countdown: { p95: number; max: number; samples: number; raw: [number, number] };
  stalePages: number;
  outages: number;
}

/** One profile's figures from its pages' records. */
export function figures(
  profile: LinkProfileName,
  records: readonly PageRecord[],
  { items, final, log }: { items: readonly ServerItem[]; final: ShowStateView; log: (line: string) => void },
): ProfileResult {
  const titles = items.map((item) => item.title);
  const soldMs: number[] = [];
  let never = 0;
  let liveBuyMaxMs = 0;
  const countdown: number[] = [];
  const rawErrors: number[] = [];
  const lags: number[] = [];
  let stalePages = 0;
  let outages = 0;
  for (const p of records) {
    const { snaps } = p;
    lags.push(...p.lag);
    const outageLog = p.outages;
    outages += outageLog.length;
    for (const item of items) {
      const sale = item.soldAt;
      if (sale === null) continue;
      // (a) from the later of the sale and the link's return.
      let from = sale;
      for (const o of outageLog) {
        if (o.kind === 'silentDeath') {
          if (o.startedAt <= sale + IN_FLIGHT_MS) from = Math.max(from, o.startedAt + NOTICE_MS);
        } else if (o.endsAt !== null && o.startedAt <= sale + IN_FLIGHT_MS && o.endsAt >= sale) {
          from = Math.max(from, o.endsAt);
        }
      }
      // Caught up with the sale: Sold on this item, or already past it (a page whose link came back
      // after the server moved on jumps to the latest step and never needs to show this Sold).
      const order = titles.indexOf(item.title);
      const seenAt = snaps.find((s) => s.title === item.title)?.t ?? Number.POSITIVE_INFINITY;
      const shown = snaps.find(
        (s) =>
          s.t >= sale - 1000 &&
          ((s.title === item.title && s.sold) ||
            (s.title !== null && titles.indexOf(s.title) > order) ||
            s.closed ||
            (s.title === null && s.t > seenAt)),
      );
      if (shown) soldMs.push(Math.max(0, shown.t - from));
      else {
        never++;
        soldMs.push(Number.POSITIVE_INFINITY);
      }
      // (b) any live-looking Buy for this item on screen after its sale.
      for (let i = 0; i < snaps.length; i++) {
        const s = snaps[i];
        if (!s || s.title !== item.title || s.buy !== 'live') continue;
        const end = snaps[i + 1]?.t ?? Date.now();
        if (end > sale) liveBuyMaxMs = Math.max(liveBuyMaxMs, end - sale);
      }
      // (c) each step of the displayed countdown vs the server's boundary for it.
      if (item.endsAt !== null) {
        for (let i = 1; i < snaps.length; i++) {
          const prev = snaps[i - 1];
          const s = snaps[i];
          if (!prev || !s || s.title !== item.title || prev.title !== item.title || s.sold || prev.sold) continue;
          if (s.t >= sale || !s.countdown || !prev.countdown || s.countdown === prev.countdown) continue;
          const k = seconds(s.countdown);
          if (seconds(prev.countdown) !== k + 1) continue;
          const error = s.t - (item.endsAt - k * 1000);
          countdown.push(error < 0 ? -error : Math.max(0, error - REPAINT_MS));
          rawErrors.push(error);
        }
      }
    }
    // (d) caught up: shows what the server shows, with a live link.
    const last = snaps.at(-1);
    const expectClosed = !final.active;
    const caughtUp =
      last !== undefined &&
      last.connection === 'Connection: Live' &&
      (expectClosed
        ? last.closed
        : last.title === final.currentItem?.title && last.sold === (final.currentItem?.status === 'sold'));
    if (!caughtUp) {
      stalePages++;
      log(`${profile} page on :${p.port} never caught up: ${JSON.stringify(last)}`);
    }
  }
  // A page that never showed a sale counts as infinitely late.
  const sold = percentiles(soldMs);
  const lag = percentiles(lags);
  const error = percentiles(countdown);
  const raw = percentiles(rawErrors);
  return {
    profile,
    pages: records.length,
    sales: soldMs.length,
    sold: { p50: sold(50), p95: sold(95), max: sold(100), never },
    liveBuyMaxMs,
    lag: { p99: lag(99), max: lag(100) },
    countdown: { p95: error(95), max: error(100), samples: countdown.length, raw: [raw(0), raw(100)] },
    stalePages,
    outages,
  };
}

/** "m:ss" → seconds. */
function seconds(text: string): number {
  const [m, s] = text.trim().split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** The targets each profile missed (empty: all met). */
export function missedTargets(r: ProfileResult): string[] {
  const missed: string[] = [];
  if (!(r.sold.p95 <= TARGETS.soldP95Ms)) missed.push(`Sold p95 ${fmt(r.sold.p95)} > ${TARGETS.soldP95Ms} ms`);
  if (r.liveBuyMaxMs > TARGETS.liveBuyAfterSaleMs) {
    missed.push(`live Buy ${fmt(r.liveBuyMaxMs)} after a sale > ${TARGETS.liveBuyAfterSaleMs} ms`);
  }
  if (r.countdown.max > TARGETS.countdownErrorMs) {
    missed.push(`countdown error ${fmt(r.countdown.max)} > ${TARGETS.countdownErrorMs} ms`);
  }
  if (r.stalePages > TARGETS.stalePages) missed.push(`${r.stalePages} page(s) never caught up`);
  return missed;
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'never');

export function badnetTable(results: readonly ProfileResult[]): { header: string[]; rows: string[][] } {
  const header = [
    'profile',
    'pages',
    'sales',
    'outages',
    'Sold p50',
    'Sold p95',
    'Sold max',
    'live Buy after sale',
    'countdown |err| p95',
    'countdown max',
    'stale pages',
    'page lag p99/max',
    'result',
  ];
  const rows = results.map((r) => [
    r.profile,
    String(r.pages),
    String(r.sales),
    String(r.outages),
    fmt(r.sold.p50),
    fmt(r.sold.p95),
    r.sold.never ? `never ×${r.sold.never}` : fmt(r.sold.max),
    fmt(r.liveBuyMaxMs),
    fmt(r.countdown.p95),
    `${fmt(r.countdown.max)} (n=${r.countdown.samples}, raw ${Math.round(r.countdown.raw[0])}…${Math.round(r.countdown.raw[1])})`,
    String(r.stalePages),
    `${fmt(r.lag.p99)} / ${fmt(r.lag.max)}`,
    missedTargets(r).length === 0 ? 'PASS' : 'FAIL',
  ]);
  return { header, rows };
}

export function formatTable(results: readonly ProfileResult[]): string {
  const { header, rows } = badnetTable(results);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  const targets = `targets: Sold p95 ≤ ${TARGETS.soldP95Ms} ms · live Buy after sale ≤ ${TARGETS.liveBuyAfterSaleMs} ms · countdown |err| ≤ ${TARGETS.countdownErrorMs} ms beyond the ${REPAINT_MS} ms repaint · 0 stale pages`;
  const misses = results.flatMap((r) => missedTargets(r).map((m) => `  ${r.profile}: ${m}`));
  return [line(header), ...rows.map(line), targets, ...(misses.length ? ['missed:', ...misses] : [])].join('\n');
}
