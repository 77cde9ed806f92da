import type { ReportAfterSale } from '@vault/contracts';
import { formatMoney } from '../../../lib/format';
import { formatPercent } from './report-data';

// The report's "after the sale" as an admin reads it: pure, so its sentences and figures are checked
// in unit tests.

export interface AfterSaleCell {
  label: string;
  value: string;
  /** The breakdown under the figure, in parts (a phone wraps between parts, inside one only if it is wider than the cell). */
  detail: string[];
}

export interface AfterSaleView {
  /** Beside the heading. */
  summary: string;
  /** Said instead of the shipping figures while nothing has shipped; null once something has. */
  nothingShipped: string | null;
  cells: AfterSaleCell[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const RETURN_STATES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;

function packagesCell({ packages }: ReportAfterSale): AfterSaleCell {
  const parts = [`${packages.toPack} to pack`, `${packages.shipped} shipped`, `${packages.delivered} delivered`];
  if (packages.late > 0) parts.push(`${packages.late} late`);
  return { label: 'Packages', value: String(packages.total), detail: parts };
}

function shippingCells({ onTime, daysToShip }: ReportAfterSale): AfterSaleCell[] {
  return [
    {
      label: 'Shipped on time',
      value: onTime.rate === null ? '—' : formatPercent(onTime.rate),
      detail: [`${onTime.onTime} of ${plural(onTime.shipped, 'package')}`],
    },
    {
      // Calendar days, weekends included, from the show's end: what a member waited.
      label: 'Calendar days to ship',
      value: daysToShip.median === null ? '—' : daysToShip.median.toFixed(1),
      detail:
        daysToShip.median === null || daysToShip.max === null
          ? ['Counted from the end of the show']
          : ['Median', `longest ${daysToShip.max.toFixed(1)}`],
    },
  ];
}

function moneyCells({ returns, refunds, captured }: ReportAfterSale): AfterSaleCell[] {
  const returned = RETURN_STATES.reduce((sum, state) => sum + returns[state], 0);
  const refundParts = [plural(refunds.count, 'refund')];
  if (refunds.shareOfCaptured !== null && refunds.count > 0)
    refundParts.push(`${formatPercent(refunds.shareOfCaptured)} of captured`);
  if (refunds.pending > 0) refundParts.push(`${refunds.pending} pending`);
  return [
    {
      label: 'Returns',
      value: String(returned),
      detail:
        returned === 0
          ? ['None asked for']
          : RETURN_STATES.filter((state) => returns[state] > 0).map((state) => `${returns[state]} ${state}`),
    },
    { label: 'Refunded', value: formatMoney(refunds.amount), detail: refundParts },
    { label: 'Captured', value: formatMoney(captured), detail: [] },
  ];
}

/** Nothing shipped yet, in one sentence with what is waiting to be packed. */
function nothingShippedSentence({ packages }: ReportAfterSale): string {
  if (packages.toPack === 0) return 'Nothing from this show has shipped yet.';
  const late = packages.late > 0 ? `, ${packages.late} of them late` : '';
  return `Nothing from this show has shipped yet: ${plural(packages.toPack, 'package')} to pack${late}.`;
}

/**
 * The section's figures: packages, on-time shipping and days to ship once anything has shipped
 * (until then a sentence says so), then returns, refunds and captures (shown before shipping only
 * if money was already captured or given back by hand).
 */
export function afterSaleView(afterSale: ReportAfterSale): AfterSaleView {
  const summary = afterSale.packages.total === 0 ? 'No packages yet' : plural(afterSale.packages.total, 'package');
  if (afterSale.onTime.shipped > 0) {
    return {
      summary,
      nothingShipped: null,
      cells: [packagesCell(afterSale), ...shippingCells(afterSale), ...moneyCells(afterSale)],
    };
  }
  const moneyMoved = afterSale.captured !== '0.00' || afterSale.refunds.count > 0 || afterSale.refunds.pending > 0;
  return { summary, nothingShipped: nothingShippedSentence(afterSale), cells: moneyMoved ? moneyCells(afterSale) : [] };
}
