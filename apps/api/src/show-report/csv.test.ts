import type { ReportItem, ShowReport } from '@vault/contracts';
import { parseCsv } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { afterSaleOf, NOTHING_YET } from './after-sale';
import { reportCsv } from './csv';
import { reactionBuckets } from './fair-drops';

const attempts = { won: 1, sold: 0, declined: 0, error: 0, timeout: 0, replay: 0, refused: 2, total: 3 };

function item(overrides: Partial<ReportItem>): ReportItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    index: 0,
    title: 'Raven Tanto',
    price: '40.00',
    status: 'sold',
    shownAt: '2025-01-01T10:00:00.000Z',
    soldAt: '2025-01-01T10:00:05.000Z',
    secondsToSale: 5,
    buyer: { id: '00000000-0000-4000-8000-000000000002', email: 'a@x.co', fullName: 'A' },
    purchaseStatus: 'authorized',
    attempts,
    attemptMembers: { ...attempts, refused: 1, total: 2 },
    hearts: 0,
    eligibilityRefusals: [],
    afterSale: NOTHING_YET,
    saleMode: 'first_press',
    reactions: {
      timed: 0,
      flagged: 0,
      minMs: null,
      p10Ms: null,
      p50Ms: null,
      p90Ms: null,
      buckets: reactionBuckets([]),
    },
    pressers: { members: 0, presses: 0, top: [] },
    flaggedMembers: [],
    draw: null,
    ...overrides,
  };
}

const nothingAfterSale = afterSaleOf({ shipments: [], purchases: [], showEnd: null, now: new Date() });

function reportOf(items: ReportItem[]): ShowReport {
  return {
    show: {
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Night',
      status: 'completed',
      launchTime: null,
      startedAt: null,
      completedAt: null,
    },
    totals: {
      items: items.length,
      sold: 0,
      sellThrough: 0,
      revenue: '0.00',
      attempts: 0,
      attemptMembers: 0,
      peakWatchers: 0,
      flaggedMembers: 0,
    },
    afterSale: nothingAfterSale,
    items,
    watchers: [],
    timeline: [],
  };
}

/** The CSV's data lines as written, without the byte order mark and the header. */
const rawLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

describe('the show report CSV', () => {
  // A member's email is whatever they registered with: `;` splits cells in many locales' spreadsheets.
  const email = 'x;=1+2;@SUM(1)@x.co';

  it('quotes a buyer email with ; and = so a spreadsheet reads it as one text cell', () => {
    const csv = reportCsv(reportOf([item({ buyer: { id: item({}).buyer?.id ?? '', email, fullName: null } })]));
    const [line] = rawLines(csv);
    expect(line).toContain(',"x;=1+2;@SUM(1)@x.co",');
    expect(parseCsv(csv.replace(/^\uFEFF/, ''))[1]?.[7]).toBe(email);
  });

  it('quotes every field of every line, header included (RFC 4180)', () => {
    const csv = reportCsv(reportOf([item({}), item({ index: 1, buyer: null, soldAt: null, purchaseStatus: null })]));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      // Each field is "…" with inner quotes doubled; fields are joined by commas and nothing else.
      expect(line, line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    }
    expect(lines[2]).toContain(',"",'); // an empty cell is an empty quoted field
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =1+2', "'  =1+2"],
    ['Plain', 'Plain'],
    ['a-b=c', 'a-b=c'],
  ])('guards the start of the cell %j as text', (title, expected) => {
    const csv = reportCsv(reportOf([item({ title })]));
    expect(parseCsv(csv.replace(/^\uFEFF/, ''))[1]?.[1]).toBe(expected);
  });

  it('guards an email cell that starts like a formula, keeps the rest of it whole', () => {
    const csv = reportCsv(
      reportOf([item({ buyer: { id: item({}).buyer?.id ?? '', email: '=x;y@x.co', fullName: null } })]),
    );
    expect(parseCsv(csv.replace(/^\uFEFF/, ''))[1]?.[7]).toBe("'=x;y@x.co");
  });

  it("ends each item's row with its package, capture, refund and return", () => {
    const shipped = item({
      afterSale: {
        shipmentStatus: 'delivered',
        shipBy: '2025-03-05',
        shippedAt: '2025-03-05T23:30:00.000Z',
        deliveredAt: '2025-03-07T12:00:00.000Z',
        shippedOnTime: true,
        daysToShip: 2.1,
        captured: '60.00',
        refunded: '30.00',
        returnStatus: 'refunded',
      },
    });
    const late = item({ index: 1, afterSale: { ...shipped.afterSale, shippedOnTime: false, returnStatus: null } });
    const unsold = item({ index: 2, buyer: null, soldAt: null, purchaseStatus: null });
    const [head = [], ...rows] = parseCsv(reportCsv(reportOf([shipped, late, unsold])).replace(/^\uFEFF/, ''));
    // The after-sale columns come last (the show report run test reads the whole header).
    expect(head.indexOf('Shipment status')).toBe(head.length - 9);
    for (const row of rows) expect(row).toHaveLength(head.length);
    expect(rows[0]?.slice(-9)).toEqual([
      'delivered',
      '2025-03-05',
      '2025-03-05T23:30:00.000Z',
      '2025-03-07T12:00:00.000Z',
      'yes',
      '2.1',
      '60.00',
      '30.00',
      'refunded',
    ]);
    expect(rows[1]?.slice(-5, -4)).toEqual(['no']);
    expect(rows[1]?.at(-1)).toBe('');
    // An item nobody bought: nothing after the sale, nothing refunded.
    expect(rows[2]?.slice(-9)).toEqual(['', '', '', '', '', '', '', '0.00', '']);
  });

  it('gives each item its sale mode, reaction times, presses and draw, before the after-sale columns', () => {
    const member = {
      id: '00000000-0000-4000-8000-000000000009',
      email: 'bot@x.co',
      fullName: null,
      buyingSuspended: false,
    };
    const drawn = item({
      saleMode: 'draw',
      reactions: {
        timed: 7,
        flagged: 2,
        minMs: 41,
        p10Ms: 41,
        p50Ms: 260,
        p90Ms: 1200,
        buckets: reactionBuckets([2, 1, 2, 0, 1, 1]),
      },
      pressers: { members: 8, presses: 52, top: [{ member, presses: 40 }] },
      flaggedMembers: [{ member, fastestMs: 41, presses: 40 }],
      draw: {
        id: '00000000-0000-4000-8000-00000000000a',
        status: 'drawn',
        entries: 8,
        winnerEntryNumber: 3,
        path: '/draws/00000000-0000-4000-8000-000000000001',
      },
    });
    const [head = [], drawRow = [], plainRow = []] = parseCsv(
      reportCsv(reportOf([drawn, item({ index: 1 })])).replace(/^\uFEFF/, ''),
    );
    const from = head.indexOf('Sale mode');
    const to = head.indexOf('Shipment status');
    expect(head.slice(from, to)).toEqual([
      'Sale mode',
      'Members with a press recorded',
      'Presses recorded',
      'Most presses by one member',
      'Reactions timed',
      'Fastest reaction ms',
      'Reaction p10 ms',
      'Reaction p50 ms',
      'Reaction p90 ms',
      'Reactions <150 ms',
      'Reactions 150–250 ms',
      'Reactions 250–400 ms',
      'Reactions 400–700 ms',
      'Reactions 700–1000 ms',
      'Reactions ≥1000 ms',
      'Flagged members',
      'Draw status',
      'Draw entries',
      'Draw winning entry',
      'Draw record',
    ]);
    expect(drawRow.slice(from, to)).toEqual(
      ['draw', 8, 52, 40, 7, 41, 41, 260, 1200, 2, 1, 2, 0, 1, 1, 2, 'drawn', 8, 3]
        .map(String)
        .concat('/draws/00000000-0000-4000-8000-000000000001'),
    );
    // First press with nobody pressing: zeros where a count is, empty where a figure has no value.
    expect(plainRow.slice(from, to)).toEqual([
      'first_press',
      '0',
      '0',
      '',
      '0',
      '',
      '',
      '',
      '',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '',
      '',
      '',
      '',
    ]);
  });
});
