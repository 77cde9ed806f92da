import type { ReportItem } from '@vault/contracts';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { reactionBars, reactionSummary } from '../fair-drops-data';
import { itemLabel } from '../report-data';
import { ChartFigure } from './chart-figure';
import { chartColors, chartMargin, tickStyle, tooltipLabelStyle, tooltipStyle } from './chart-theme';

/** The bin under the default human floor stands out: those presses came faster than a person reacts. */
const TOO_FAST = '#f87171';

/**
 * One item's reaction times: members per bin of ms between the reveal reaching them and their
 * press. The table under it (for screen readers) lists every bin.
 */
export function ReactionChart({ item }: { item: ReportItem }) {
  const bars = reactionBars(item);
  return (
    <ChartFigure
      id={`reactions-${item.index}`}
      title={`Reaction times, ${itemLabel(item)} ${item.title}`}
      summary={reactionSummary(item)}
      empty={item.reactions.timed > 0 ? null : 'Reaction times of presses appear here.'}
      table={{ head: ['Reaction', 'Members'], rows: bars.map((bar) => [bar.label, bar.count]) }}
    >
      <BarChart data={bars} margin={chartMargin} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis
          dataKey="label"
          tick={tickStyle}
          interval={0}
          // The unit is in the title and table: the six bins fit a phone without it.
          tickFormatter={(label: string) => label.replace(' ms', '')}
          stroke={chartColors.muted}
        />
        <YAxis tick={tickStyle} width={40} allowDecimals={false} stroke={chartColors.muted} />
        <Tooltip
          cursor={{ fill: 'rgba(255,255,255,0.04)' }}
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          formatter={(count) => [String(count), 'Members']}
        />
        <Bar dataKey="count" radius={[6, 6, 0, 0]} maxBarSize={48}>
          {bars.map((bar) => (
            <Cell key={bar.label} fill={bar.tooFast ? TOO_FAST : chartColors.brass} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
