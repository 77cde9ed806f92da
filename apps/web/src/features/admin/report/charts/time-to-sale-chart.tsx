import type { ShowReport } from '@vault/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatSeconds, timeToSaleBars } from '../report-data';
import { ChartFigure } from './chart-figure';
import { chartColors, chartMargin, tickStyle, tooltipLabelStyle, tooltipStyle } from './chart-theme';
import { itemTooltipLabel } from './item-tooltip';

/** Seconds from each item coming on screen to its sale; unsold items have no bar. */
export function TimeToSaleChart({ report }: { report: ShowReport }) {
  const bars = timeToSaleBars(report);
  const sold = bars.filter((b): b is typeof b & { seconds: number } => b.seconds !== null);
  const fastest = sold.reduce<(typeof sold)[number] | null>(
    (best, b) => (best && best.seconds <= b.seconds ? best : b),
    null,
  );
  const average = sold.length > 0 ? sold.reduce((sum, b) => sum + b.seconds, 0) / sold.length : 0;
  return (
    <ChartFigure
      id="time-to-sale"
      title="Time to sale"
      summary={
        fastest
          ? `Fastest ${fastest.label} ${fastest.title} in ${formatSeconds(fastest.seconds)}; average ${formatSeconds(average)} over ${sold.length} sold.`
          : 'No sales yet.'
      }
      empty={fastest ? null : 'Each sold item gets a bar here.'}
      table={{
        head: ['Item', 'Title', 'Seconds to sale'],
        rows: bars.map((b) => [b.label, b.title, b.seconds === null ? 'Not sold' : formatSeconds(b.seconds)]),
      }}
    >
      <BarChart data={bars} margin={chartMargin} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis dataKey="label" tick={tickStyle} interval="preserveStartEnd" minTickGap={4} stroke={chartColors.muted} />
        <YAxis
          tick={tickStyle}
          width={44}
          tickFormatter={(seconds: number) => `${Number(seconds.toFixed(2))}s`}
          stroke={chartColors.muted}
        />
        <Tooltip
          cursor={{ fill: 'rgba(255,255,255,0.04)' }}
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          labelFormatter={itemTooltipLabel}
          formatter={(seconds) => [formatSeconds(Number(seconds)), 'Time to sale']}
        />
        <Bar dataKey="seconds" fill={chartColors.brass} radius={[6, 6, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ChartFigure>
  );
}
