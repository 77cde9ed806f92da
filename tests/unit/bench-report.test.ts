import { describe, expect, it } from 'vitest';
import { type BenchResult, passes, series } from '../../bench/record';
import { renderReport } from '../../bench/report';

const result = (overrides: Partial<BenchResult> = {}): BenchResult => ({
  bench: 'buy',
  title: 'Buy race',
  setup: '100 buyers',
  ranAt: '2026-11-24T00:00:00.000Z',
  machine: '2 × test CPU',
  figures: [
    { label: 'warm p99 / bare p99', value: 1.12, unit: '×', target: { op: '≤', value: 1.3 } },
    { label: 'cold p99 / warm p99', value: 1.8, unit: '×', target: { op: '≤', value: 1.5 } },
    { label: 'warm p99', value: 12.5, unit: 'ms' },
  ],
  series: [series('warm <Buy>', [5, 6, 7, 8, 50]), series('bare HTTP', [4, 5, 5, 6, 9], true)],
  notes: ['a note'],
  ...overrides,
});

/** What a browser's XML parser refuses in SVG and a substring check would miss: a tag naming an attribute twice. */
function repeatedAttributes(svg: string): string[] {
  return [...svg.matchAll(/<[a-z]+((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g)].flatMap((tag) => {
    const names = [...(tag[1] ?? '').matchAll(/([a-z-]+)="/g)].map((m) => m[1]);
    return names.length === new Set(names).size ? [] : [tag[0]];
  });
}

describe('the benchmark report', () => {
  it('reduces a sample to 201 quantiles from its minimum to its maximum', () => {
    const s = series(
      'x',
      Array.from({ length: 1000 }, (_, i) => i + 1),
    );
    expect(s.quantiles).toHaveLength(201);
    expect(s.quantiles[0]).toBe(1);
    expect(s.quantiles[100]).toBe(500);
    expect(s.quantiles[198]).toBe(990);
    expect(s.quantiles[200]).toBe(1000);
    expect(s.count).toBe(1000);
  });

  it('judges each figure against its target', () => {
    const [met, missed, untargeted] = result().figures;
    expect(met && passes(met)).toBe(true);
    expect(missed && passes(missed)).toBe(false);
    expect(untargeted && passes(untargeted)).toBeNull();
    expect(passes({ label: 'rps ratio', value: 0.5, unit: '×', target: { op: '≥', value: 0.4 } })).toBe(true);
  });

  it('writes the figures with their targets and verdicts, and links a chart per bench', () => {
    const { markdown, charts } = renderReport([result()]);
    expect(markdown).toContain('| [buy](#buy) | warm p99 / bare p99 | 1.12× | ≤ 1.30× | pass |');
    expect(markdown).toContain('| [buy](#buy) | cold p99 / warm p99 | 1.80× | ≤ 1.50× | **miss** |');
    expect(markdown).toContain('![buy latency distributions](report/buy-latency.svg)');
    expect(markdown).toContain(
      'Not in this report (no result recorded yet): clock, fanout, draw, eligibility, flood, state, badnet, mobile.',
    );
    const svg = charts.get('buy-latency.svg') ?? '';
    // One curve per series, the calibration dashed, labels escaped.
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.match(/<polyline [^>]*stroke-dasharray/g)).toHaveLength(1);
    // …in the colour of the series it calibrates.
    const strokes = [...svg.matchAll(/<polyline [^>]*stroke="([^"]+)"/g)].map((m) => m[1]);
    expect(strokes[0]).toBe(strokes[1]);
    expect(svg).toContain('warm &lt;Buy&gt;');
    expect(svg).not.toContain('NaN');
    expect(repeatedAttributes(svg)).toEqual([]);
    expect(svg.trim().startsWith('<svg') && svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('draws bars beside their calibration and keeps a bench table as a table', () => {
    const { markdown, charts } = renderReport([
      result({
        bench: 'state',
        series: [],
        bars: {
          unit: 'req/s',
          values: [
            { label: 'bare GET /bare', value: 30_000, calibration: true },
            { label: 'GET /api/show/state', value: 15_000, calibration: false },
          ],
        },
        table: { header: ['profile', 'Sold p95'], rows: [['clean', '120 ms']] },
      }),
    ]);
    expect(charts.has('state-latency.svg')).toBe(false);
    const bars = charts.get('state-bars.svg') ?? '';
    expect(bars.match(/<rect [^>]*fill="#9ca3af"/g)).toHaveLength(1);
    expect(repeatedAttributes(bars)).toEqual([]);
    expect(markdown).toContain('| clean | 120 ms |');
  });
});
