import type { ShowReport } from '@vault/contracts';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatClock, watcherSeries } from '../report-data';
import { ChartFigure } from './chart-figure';
import { chartColors, chartMargin, tickStyle, tooltipLabelStyle, tooltipStyle } from './chart-theme';

/** Members watching, as sampled into the show's event log while it ran. */
export function WatchersChart({ report }: { report: ShowReport }) {
  const points = watcherSeries(report);
  const peak = report.totals.peakWatchers;
  return (
    <ChartFigure
      id="watchers"
      title="Members watching"
      summary={
        points.length > 0
          ? `Peak ${peak} watching, over ${points.length} ${points.length === 1 ? 'sample' : 'samples'}.`
          : 'No watcher samples yet.'
      }
      empty={points.length > 0 ? null : 'Samples are taken every few seconds while the show is live.'}
      table={{ head: ['Time', 'Watching'], rows: points.map((p) => [formatClock(p.at), p.count]) }}
    >
      <LineChart data={points} margin={chartMargin} accessibilityLayer={false}>
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
        <YAxis tick={tickStyle} width={40} allowDecimals={false} stroke={chartColors.muted} />
        <Tooltip
          contentStyle={tooltipStyle}
          labelStyle={tooltipLabelStyle}
          labelFormatter={(at) => (typeof at === 'number' ? formatClock(at) : at)}
          formatter={(count) => [count, 'Watching']}
        />
        <Line
          type="monotone"
          dataKey="count"
          stroke={chartColors.line}
          strokeWidth={2}
          dot={points.length <= 30 ? { r: 2.5, fill: chartColors.line, strokeWidth: 0 } : false}
        />
      </LineChart>
    </ChartFigure>
  );
}
