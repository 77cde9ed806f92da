import type { ShowReport } from '@vault/contracts';
import { Cell, Label, Pie, PieChart, Tooltip } from 'recharts';
import { formatPercent, sellThroughSlices } from '../report-data';
import { ChartFigure, ChartLegend } from './chart-figure';
import { chartColors, tooltipStyle } from './chart-theme';

const sliceColors = { Sold: chartColors.brass, Unsold: chartColors.muted } as const;

/** Sold against unsold, as a ring with the sell-through in the middle. */
export function SellThroughChart({ report }: { report: ShowReport }) {
  const { items, sold, sellThrough } = report.totals;
  const slices = sellThroughSlices(report);
  return (
    <ChartFigure
      id="sell-through"
      title="Sell-through"
      summary={`${sold} of ${items} ${items === 1 ? 'item' : 'items'} sold (${formatPercent(sellThrough)}).`}
      empty={items === 0 ? 'No items in the lineup.' : null}
      table={{ head: ['Items', 'Count'], rows: slices.map((s) => [s.name, s.value]) }}
      legend={
        <ChartLegend entries={slices.map((s) => ({ label: `${s.name} ${s.value}`, color: sliceColors[s.name] }))} />
      }
    >
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          innerRadius="58%"
          outerRadius="88%"
          startAngle={90}
          endAngle={-270}
          stroke="none"
          // The drawing is aria-hidden (the table speaks for it): nothing in it may take focus.
          rootTabIndex={-1}
          // Drawn at once: the ring re-sweeps from zero on every resize otherwise (a phone turning).
          isAnimationActive={false}
        >
          {slices.map((slice) => (
            <Cell key={slice.name} fill={sliceColors[slice.name]} />
          ))}
          <Label value={formatPercent(sellThrough)} position="center" fill="#ffffff" fontSize={22} fontWeight={600} />
        </Pie>
        <Tooltip contentStyle={tooltipStyle} itemStyle={{ color: '#d9dbe0' }} />
      </PieChart>
    </ChartFigure>
  );
}
