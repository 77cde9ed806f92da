import { type ReportItem, type ReportMember, ShowReport } from '@vault/contracts';

// A show report with fair-drops figures, parsed with the contract so it is one the API could send:
// for the section's words and its rendering.

const bins = (counts: number[]) =>
  [0, 150, 250, 400, 700, 1000].map((fromMs, i, froms) => ({
    fromMs,
    toMs: froms[i + 1] ?? null,
    count: counts[i] ?? 0,
  }));

export const bot: ReportMember = {
  id: '3b0e7c8a-5f1d-4e2b-9c3a-7d6e5f4a3b21',
  email: 'fast@bots.example',
  fullName: null,
  buyingSuspended: false,
};
export const quick: ReportMember = {
  id: '6a2d9e1f-0c4b-4a8e-b7d5-2f3e4a5b6c7d',
  email: 'quick@example.com',
  fullName: 'Quinn Quick',
  buyingSuspended: true,
};

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
    attempts: { won: 0, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 0, total: 0 },
    attemptMembers: { won: 0, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 0, total: 0 },
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
    reactions: { timed: 0, flagged: 0, minMs: null, p10Ms: null, p50Ms: null, p90Ms: null, buckets: bins([]) },
    pressers: { members: 0, presses: 0, top: [] },
    flaggedMembers: [],
    draw: null,
    ...extra,
  };
}

export const fairDropsReport = ShowReport.parse({
  show: {
    id: '9a1c3e5f-2b4d-4f6a-8c0e-1a2b3c4d5e6f',
    title: 'Fair Night',
    status: 'completed',
    launchTime: null,
    startedAt: null,
    completedAt: null,
  },
  totals: {
    items: 3,
    sold: 0,
    sellThrough: 0,
    revenue: '0.00',
    attempts: 0,
    attemptMembers: 0,
    peakWatchers: 0,
    flaggedMembers: 2,
  },
  afterSale: {
    packages: { total: 0, toPack: 0, shipped: 0, delivered: 0, late: 0 },
    onTime: { shipped: 0, onTime: 0, rate: null },
    daysToShip: { median: null, max: null },
    returns: { requested: 0, approved: 0, declined: 0, received: 0, refunded: 0 },
    refunds: { count: 0, pending: 0, amount: '0.00', shareOfCaptured: null },
    captured: '0.00',
  },
  items: [
    item(0, {
      reactions: {
        timed: 10,
        flagged: 2,
        minMs: 12,
        p10Ms: 12,
        p50Ms: 250,
        p90Ms: 1200,
        buckets: bins([2, 2, 2, 2, 1, 1]),
      },
      pressers: {
        members: 11,
        presses: 55,
        top: [
          { member: bot, presses: 40 },
          { member: quick, presses: 6 },
        ],
      },
      flaggedMembers: [
        { member: bot, fastestMs: 12, presses: 40 },
        { member: quick, fastestMs: 95, presses: 6 },
      ],
    }),
    item(1, {
      saleMode: 'draw',
      reactions: { timed: 1, flagged: 1, minMs: 70, p10Ms: 70, p50Ms: 70, p90Ms: 70, buckets: bins([1]) },
      pressers: { members: 1, presses: 1, top: [{ member: quick, presses: 1 }] },
      flaggedMembers: [{ member: quick, fastestMs: 70, presses: 1 }],
      draw: {
        id: '7e6d5c4b-3a29-4817-a6b5-c4d3e2f1a0b9',
        status: 'drawn',
        entries: 1,
        winnerEntryNumber: 1,
        path: '/draws/00000000-0000-4000-8000-000000000001',
      },
    }),
    // Nobody pressed, first press: nothing to say about it.
    item(2, {}),
  ],
  watchers: [],
  timeline: [],
});
