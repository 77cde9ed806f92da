import type { ShowReport } from '@vault/contracts';
import { formatMoney } from '../../../lib/format';
import { formatPercent } from './report-data';

/** The show in seven numbers, two to a row on a phone. */
export function ReportTotals({ report }: { report: ShowReport }) {
  const { totals } = report;
  const cells: [string, string][] = [
    ['Items', String(totals.items)],
    ['Sold', String(totals.sold)],
    ['Sell-through', formatPercent(totals.sellThrough)],
    ['Revenue', formatMoney(totals.revenue)],
    ['Buy attempts', String(totals.attempts)],
    // The members behind those presses: one member pressing 40 times is 40 attempts, 1 member.
    ['Members pressing', String(totals.attemptMembers)],
    ['Peak watchers', String(totals.peakWatchers)],
  ];
  return (
    <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
      {cells.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3">
          <dt className="text-steel-400 text-xs uppercase tracking-widest">{label}</dt>
          <dd className="mt-1 break-words font-display text-2xl text-white tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
