import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

export interface ChartTable {
  head: string[];
  rows: (string | number)[][];
}

/**
 * One chart of the report: its title, a sentence that says what it shows, and the drawing. The
 * drawing is hidden from screen readers; a visually hidden table carries the same numbers for
 * them. With nothing to draw, the card says so instead.
 */
export function ChartFigure({
  id,
  title,
  summary,
  empty,
  table,
  legend,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  /** When set, there is nothing to draw: this text stands in for the chart. */
  empty?: string | null;
  table: ChartTable;
  /** A legend in HTML under the chart (wraps on a phone, unlike one drawn in the svg). */
  legend?: ReactNode;
  children: ReactElement;
}) {
  const titleId = `${id}-title`;
  return (
    <figure
      aria-labelledby={titleId}
      data-chart={id}
      className="min-w-0 rounded-3xl border border-vault-700 bg-vault-900 p-4 sm:p-5"
    >
      <figcaption>
        <h3 id={titleId} className="font-display text-lg text-white">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-steel-400">{summary}</p>
      </figcaption>
      {empty ? (
        <p className="mt-3 flex h-56 items-center justify-center rounded-2xl border border-vault-700 border-dashed px-4 text-center text-sm text-steel-400">
          {empty}
        </p>
      ) : (
        <>
          {/* min-w-0: a grid cell would otherwise keep the svg's first width and overflow a phone. */}
          <div className="mt-3 h-56 w-full min-w-0" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </div>
          {legend}
          {/* The wrapper hides it: a table ignores sr-only's 1px width and would widen the page. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.head.map((cell) => (
                    <th key={cell} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  // Rows are positional (one per item or sample) and never reorder.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={r}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-width row
                      <td key={c}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

/** A legend as a wrapping list of swatches. */
export function ChartLegend({ entries }: { entries: readonly { label: string; color: string }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-steel-200 text-xs" aria-hidden="true">
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-center gap-1.5">
          <svg viewBox="0 0 10 10" className="size-2.5" aria-hidden="true">
            <rect width="10" height="10" rx="2" fill={entry.color} />
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
