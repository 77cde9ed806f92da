import { type ReactionBucket, type ReportItem, reactionBucketLabel, type ShowReport } from '@vault/contracts';
import { reactionBuckets } from './fair-drops';

const OUTCOMES = ['won', 'sold', 'declined', 'error', 'timeout', 'replay', 'refused'] as const;

/** The histogram's bins, the same for every item: their headers come from the edges. */
const BINS: ReactionBucket[] = reactionBuckets([]);

const HEADER = [
  'Item #',
  'Title',
  'Price',
  'Status',
  'Shown at',
  'Sold at',
  'Seconds to sale',
  'Buyer email',
  'Purchase status',
  ...OUTCOMES.map((outcome) => `Attempts ${outcome}`),
  'Attempts total',
  'Members pressing',
  'Hearts',
  'Presses refused by eligibility rules',
  'Members refused by eligibility rules',
  // Fair drops: how the item was sold, how fast its presses came, who pressed, and its draw.
  'Sale mode',
  'Members with a press recorded',
  'Presses recorded',
  'Most presses by one member',
  'Reactions timed',
  'Fastest reaction ms',
  'Reaction p10 ms',
  'Reaction p50 ms',
  'Reaction p90 ms',
  ...BINS.map((bin) => `Reactions ${reactionBucketLabel(bin)}`),
  'Flagged members',
  'Draw status',
  'Draw entries',
  'Draw winning entry',
  'Draw record',
  // After the sale: the item's package, and the money captured and given back on its purchase.
  'Shipment status',
  'Ship by',
  'Shipped at',
  'Delivered at',
  'Shipped on time',
  'Calendar days to ship',
  'Captured',
  'Refunded',
  'Return status',
];

/** The fair-drops cells of one item, in the header's order. */
function fairDropCells(item: ReportItem): Array<string | number | null> {
  const { reactions, pressers, draw } = item;
  return [
    item.saleMode,
    pressers.members,
    pressers.presses,
    pressers.top[0]?.presses ?? null,
    reactions.timed,
    reactions.minMs,
    reactions.p10Ms,
    reactions.p50Ms,
    reactions.p90Ms,
    ...BINS.map((_, i) => reactions.buckets[i]?.count ?? 0),
    reactions.flagged,
    draw?.status ?? null,
    draw?.entries ?? null,
    draw?.winnerEntryNumber ?? null,
    draw?.path ?? null,
  ];
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip first, as some trim leading spaces) as a formula: an item titled `=HYPERLINK(…)` must stay
 * text. The leading apostrophe is what spreadsheets themselves use to mark a cell as text (OWASP's
 * CSV injection advice).
 */
function neutralise(field: string): string {
  return /^[\t\r\n]|^\s*[=+\-@]/.test(field) ? `'${field}` : field;
}

/**
 * RFC 4180, every field quoted and its quotes doubled. Quoting only fields with a comma, quote or
 * line break left `x;=1+2@x.co` bare, and a spreadsheet whose locale splits on `;` cut it into
 * cells, the second a formula. Quoted, a spreadsheet that honours quotes (all of them) reads the
 * field whole, so guarding the field's start (neutralise) guards the cell.
 */
const quote = (field: string): string => `"${field.replace(/"/g, '""')}"`;

const cell = (value: string | number | null) => quote(neutralise(value === null ? '' : String(value)));

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

/**
 * The report's items as CSV, one row per item: CRLF line ends (RFC 4180), and a byte order mark
 * so a spreadsheet opening the file reads its titles and names as UTF-8. The show's figures after
 * the sale are columns of the items too (every row the same width, as spreadsheets expect): each
 * item's package, whether and how soon it shipped, what was captured, refunded and returned.
 */
export function reportCsv(report: ShowReport): string {
  const rows = report.items.map((item) => [
    item.index + 1,
    item.title,
    item.price,
    item.status,
    item.shownAt,
    item.soldAt,
    item.secondsToSale,
    item.buyer?.email ?? null,
    item.purchaseStatus,
    ...OUTCOMES.map((outcome) => item.attempts[outcome]),
    item.attempts.total,
    item.attemptMembers.total,
    item.hearts,
    item.eligibilityRefusals.reduce((sum, row) => sum + row.presses, 0),
    item.eligibilityRefusals.reduce((sum, row) => sum + row.members, 0),
    ...fairDropCells(item),
    item.afterSale.shipmentStatus,
    item.afterSale.shipBy,
    item.afterSale.shippedAt,
    item.afterSale.deliveredAt,
    yesNo(item.afterSale.shippedOnTime),
    item.afterSale.daysToShip,
    item.afterSale.captured,
    item.afterSale.refunded,
    item.afterSale.returnStatus,
  ]);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** "Spring Drop!" → "spring-drop": the download's file name. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'show';
}
