import type { ShowReport } from '@vault/contracts';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../../lib/format';
import { formatClock, revenueSeries } from '../report-data';
import { ChartFigure } from './chart-figure';
import { chartColors, chartMargin, tickStyle, tooltipLabelStyle, tooltipStyle } from './chart-theme';

// "$1.2K" on the axis: full amounts do not fit a phone's axis; the tooltip and table have them.
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Revenue so far over the show: a step at each sale, since money arrives all at once. */
export function RevenueChart({ report }: { report: ShowReport }) {
  const points = revenueSeries(report);
  const sales = points.length - 1;
  return (
    <ChartFigure
      id="revenue"
      title="Revenue"
      summary={
        sales > 0
          ? `${formatMoney(report.totals.revenue)} from ${sales} ${sales === 1 ? 'sale' : 'sales'}.`
          : 'No sales yet.'
      }
      empty={sales > 0 ? null : 'Revenue appears here with the first sale.'}
      table={{
        head: ['Time', 'Item', 'Revenue so far'],
        rows: points.slice(1).map((p) => [formatClock(p.at), p.title ?? '', formatMoney(p.cents / 100)]),
      }}
    >
      <AreaChart data={points} margin={chartMargin} accessibilityLayer={false}>
        <defs>
          <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={chartColors.brass} stopOpacity={0.45} />
            <stop offset="100%" stopColor={chartColors.brass} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(at: number) => formatClock(at)}
          tick={tickStyle}
          tickCount={4}
          minTickGap={24}
          stroke={chartColors.muted}
        />
        <YAxis
          tickFormatter={(cents: number) => compactMoney.format(cents / 100)}
          tick={tickStyle}
          width={52}
          allowDecimals={false}
          stroke={chartColors.muted}
        />
        <Tooltip
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          labelFormatter={(at) => (typeof at === 'number' ? formatClock(at) : at)}
          formatter={(cents) => [formatMoney(Number(cents) / 100), 'Revenue']}
        />
        <Area
          type="stepAfter"
          dataKey="cents"
          stroke={chartColors.line}
          strokeWidth={2}
          fill="url(#revenue-fill)"
          dot={{ r: 3, fill: chartColors.line, strokeWidth: 0 }}
        />
      </AreaChart>
    </ChartFigure>
  );
}
