import { type ReportItem, ShowReport } from '@vault/contracts';
import { describe, expect, it } from 'vitest';
import {
  attemptBars,
  centsToMoney,
  eligibilityRefusals,
  formatClock,
  formatPercent,
  formatSeconds,
  isLive,
  outcomesSeen,
  revenueSeries,
  sellThroughSlices,
  timeToSaleBars,
  toCents,
  watcherSeries,
} from './report-data';

const noAttempts = { won: 0, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 0, total: 0 };
const buyer = { id: '7d4f5a7e-3f57-4b8e-9d51-1c9e0f7c2a10', email: 'ada@example.com', fullName: 'Ada Blade' };

function item(index: number, extra: Partial<ReportItem>): ReportItem {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    index,
    title: `Knife ${index + 1}`,
    price: '10.00',
    status: 'available',
    shownAt: null,
    soldAt: null,
    secondsToSale: null,
    buyer: null,
    purchaseStatus: null,
    attempts: noAttempts,
    attemptMembers: noAttempts,
    hearts: 0,
    eligibilityRefusals: [],
    afterSale: {
      shipmentStatus: null,
      shipBy: null,
      shippedAt: null,
      deliveredAt: null,
      shippedOnTime: null,
      daysToShip: null,
      captured: null,
      refunded: '0.00',
      returnStatus: null,
    },
    saleMode: 'first_press',
    reactions: {
      timed: 0,
      flagged: 0,
      minMs: null,
      p10Ms: null,
      p50Ms: null,
      p90Ms: null,
      buckets: [0, 150, 250, 400, 700, 1000].map((fromMs, i, froms) => ({
        fromMs,
        toMs: froms[i + 1] ?? null,
        count: 0,
      })),
    },
    pressers: { members: 0, presses: 0, top: [] },
    flaggedMembers: [],
    draw: null,
    ...extra,
  };
}

// Parsed with the contract, so the fixture is a report the API could really send.
const report = ShowReport.parse({
  show: {
    id: '9a1c3e5f-2b4d-4f6a-8c0e-1a2b3c4d5e6f',
    title: 'Night Forge',
    status: 'completed',
    launchTime: '2026-03-04T19:00:00.000Z',
    startedAt: '2026-03-04T19:00:00.000Z',
    completedAt: '2026-03-04T19:10:00.000Z',
  },
  totals: {
    items: 3,
    sold: 2,
    sellThrough: 2 / 3,
    revenue: '450.10',
    attempts: 9,
    attemptMembers: 5,
    peakWatchers: 12,
    flaggedMembers: 0,
  },
  afterSale: {
    packages: { total: 0, toPack: 0, shipped: 0, delivered: 0, late: 0 },
    onTime: { shipped: 0, onTime: 0, rate: null },
    daysToShip: { median: null, max: null },
    returns: { requested: 0, approved: 0, declined: 0, received: 0, refunded: 0 },
    refunds: { count: 0, pending: 0, amount: '0.00', shareOfCaptured: null },
    captured: '0.10',
  },
  items: [
    // Sold second, in sale order: the series sorts by sale time, not lineup order.
    item(0, {
      price: '0.10',
      status: 'sold',
      soldAt: '2026-03-04T19:05:00.000Z',
      secondsToSale: 4.25,
      buyer,
      purchaseStatus: 'completed',
      attempts: { ...noAttempts, won: 1, sold: 2, refused: 1, total: 4 },
    }),
    item(1, {
      price: '450.00',
      status: 'sold',
      soldAt: '2026-03-04T19:02:00.000Z',
      secondsToSale: 12,
      buyer,
      purchaseStatus: 'authorized',
      attempts: { ...noAttempts, won: 1, declined: 3, total: 4 },
      eligibilityRefusals: [
        { rule: 'minimum_age', label: "Under the vault's minimum age", members: 1, presses: 2 },
        {
          rule: 'b0f3c7a2-1d4e-4f5a-9b6c-7d8e9f0a1b2c',
          label: 'Automatic knives · CA · forbidden (v1)',
          members: 2,
          presses: 5,
        },
      ],
    }),
    // Sold, then voided: no longer revenue.
    item(2, {
      price: '99.00',
      status: 'sold',
      soldAt: '2026-03-04T19:08:00.000Z',
      secondsToSale: 1,
      buyer,
      purchaseStatus: 'voided',
      attempts: { ...noAttempts, won: 1, total: 1 },
    }),
  ],
  watchers: [
    { at: '2026-03-04T19:01:00.000Z', count: 12 },
    { at: '2026-03-04T19:00:30.000Z', count: 5 },
  ],
  timeline: [],
});

describe('the report data behind the charts', () => {
  it('adds money in cents, so ten cents and 450 dollars make 450.10 exactly', () => {
    expect(toCents('0.10') + toCents('450.00')).toBe(45010);
    expect(centsToMoney(45010)).toBe('450.10');
    expect(toCents('1234.5')).toBe(123450);
  });

  it('runs revenue from 0 at the start through each sale in time order, leaving out a voided one', () => {
    expect(revenueSeries(report)).toEqual([
      { at: Date.parse('2026-03-04T19:00:00.000Z'), cents: 0, title: null },
      { at: Date.parse('2026-03-04T19:02:00.000Z'), cents: 45000, title: 'Knife 2' },
      { at: Date.parse('2026-03-04T19:05:00.000Z'), cents: 45010, title: 'Knife 1' },
    ]);
  });

  it('has no revenue line before the first sale', () => {
    expect(revenueSeries({ ...report, items: [item(0, {})] })).toEqual([]);
  });

  it('splits the lineup into sold and unsold', () => {
    expect(sellThroughSlices(report)).toEqual([
      { name: 'Sold', value: 2 },
      { name: 'Unsold', value: 1 },
    ]);
  });

  it('labels items by lineup position and keeps the unsold ones without a time', () => {
    expect(
      timeToSaleBars({ ...report, items: [...report.items, item(3, {})] }).map((b) => [b.label, b.seconds]),
    ).toEqual([
      ['#1', 4.25],
      ['#2', 12],
      ['#3', 1],
      ['#4', null],
    ]);
  });

  it('stacks every outcome per item and lists only the outcomes that happened', () => {
    const bars = attemptBars(report);
    expect(bars[0]).toMatchObject({ label: '#1', won: 1, sold: 2, refused: 1, declined: 0, total: 4 });
    expect(bars[1]).toMatchObject({ label: '#2', won: 1, declined: 3, total: 4 });
    expect(outcomesSeen(report).map((o) => o.key)).toEqual(['won', 'sold', 'refused', 'declined']);
  });

  it('lists the eligibility refusals of the items that had any, most pressed rule first, with the total', () => {
    const refusals = eligibilityRefusals(report);
    expect(refusals.presses).toBe(7);
    expect(refusals.items).toHaveLength(1);
    expect(refusals.items[0]).toMatchObject({ label: '#2', title: 'Knife 2', presses: 7 });
    expect(refusals.items[0]?.rules.map((r) => [r.label, r.members, r.presses])).toEqual([
      ['Automatic knives · CA · forbidden (v1)', 2, 5],
      ["Under the vault's minimum age", 1, 2],
    ]);
    expect(eligibilityRefusals({ ...report, items: [item(0, {})] })).toEqual({ items: [], presses: 0 });
  });

  it('orders watcher samples by time', () => {
    expect(watcherSeries(report).map((p) => p.count)).toEqual([5, 12]);
  });

  it('reads a running or paused show as live', () => {
    expect([isLive('running'), isLive('paused'), isLive('completed'), isLive(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('formats times as 24-hour hh:mm:ss, shares as whole percents and seconds to one decimal', () => {
    expect(formatClock(new Date(2026, 2, 4, 9, 5, 7).getTime())).toBe('09:05:07');
    expect(formatClock('not a date')).toBe('');
    expect(formatPercent(2 / 3)).toBe('67%');
    expect(formatSeconds(4.25)).toBe('4.3 s');
  });
});
