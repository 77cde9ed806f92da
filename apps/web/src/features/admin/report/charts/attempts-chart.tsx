import type { ShowReport } from '@vault/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { attemptBars, outcomesSeen } from '../report-data';
import { ChartFigure, ChartLegend } from './chart-figure';
import { chartColors, chartMargin, tickStyle, tooltipLabelStyle, tooltipStyle } from './chart-theme';
import { itemTooltipLabel } from './item-tooltip';

/**
 * Every Buy press per item, stacked by how it was answered: the demand an item met, including the
 * presses that were refused or came too late.
 */
export function AttemptsChart({ report }: { report: ShowReport }) {
  const bars = attemptBars(report);
  const outcomes = outcomesSeen(report);
  const total = report.totals.attempts;
  const parts = outcomes.map((o) => `${bars.reduce((sum, b) => sum + b[o.key], 0)} ${o.label.toLowerCase()}`);
  return (
    <ChartFigure
      id="attempts"
      title="Buy attempts"
      summary={
        total > 0 ? `${total} ${total === 1 ? 'press' : 'presses'}: ${parts.join(', ')}.` : 'No Buy presses yet.'
      }
      empty={total > 0 ? null : 'Buy presses per item appear here.'}
      table={{
        head: ['Item', 'Title', ...outcomes.map((o) => o.label), 'Total'],
        rows: bars.map((b) => [b.label, b.title, ...outcomes.map((o) => b[o.key]), b.total]),
      }}
      legend={<ChartLegend entries={outcomes} />}
    >
      <BarChart data={bars} margin={chartMargin} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis dataKey="label" tick={tickStyle} interval="preserveStartEnd" minTickGap={4} stroke={chartColors.muted} />
        <YAxis tick={tickStyle} width={40} allowDecimals={false} stroke={chartColors.muted} />
        <Tooltip
          cursor={{ fill: 'rgba(255,255,255,0.04)' }}
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          labelFormatter={itemTooltipLabel}
        />
        {outcomes.map((o) => (
          <Bar key={o.key} dataKey={o.key} name={o.label} stackId="attempts" fill={o.color} maxBarSize={48} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
