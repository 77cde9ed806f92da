// SVG charts for docs/benchmarks.md, drawn by hand: two chart kinds do not justify a charting library
// and a headless browser to run it. Latency is drawn as a percentile curve on a "nines" axis
// (p50, p90, p99 equally spaced), where tails are visible; a calibration series is dashed, in the
// colour of the series it calibrates.

import type { Bar, Series } from './record';

const WIDTH = 720;
const PALETTE = ['#2563eb', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2'];
const CALIBRATION = '#9ca3af';
const FONT = 'font-family="system-ui, sans-serif" font-size="12"';
const TITLE_FONT = 'font-family="system-ui, sans-serif" font-size="14" font-weight="600"';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** x of percentile p (0–100) on the nines axis: -log10(1 - p), p100 drawn at p99.9. */
const nines = (p: number) => -Math.log10(1 - Math.min(p, 99.9) / 100);

/** A tick step giving about five ticks up to `max`. */
function niceStep(max: number): number {
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough || 1));
  return ([1, 2, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
}

const formatValue = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2).replace(/\.?0+$/, '');

export function percentileChart(title: string, all: readonly Series[]): string {
  const legendRows = all.length;
  const margin = { left: 64, right: 24, top: 36, bottom: 48 + 18 * legendRows };
  const height = 300 + 18 * legendRows;
  const plotW = WIDTH - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const maxY = Math.max(1, ...all.flatMap((s) => s.quantiles));
  const step = niceStep(maxY);
  const topY = Math.ceil(maxY / step) * step;
  const x = (p: number) => margin.left + (nines(p) / nines(99.9)) * plotW;
  const y = (v: number) => margin.top + plotH - (v / topY) * plotH;

  const parts: string[] = [];
  for (let v = 0; v <= topY + step / 2; v += step) {
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`,
      `<text x="${margin.left - 8}" y="${y(v) + 4}" text-anchor="end" ${FONT}>${formatValue(v)}</text>`,
    );
  }
  for (const [p, label] of [
    [0, 'p0'],
    [50, 'p50'],
    [90, 'p90'],
    [99, 'p99'],
    [99.9, 'max'],
  ] as const) {
    parts.push(
      `<line x1="${x(p)}" x2="${x(p)}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#e5e7eb"/>`,
      `<text x="${x(p)}" y="${margin.top + plotH + 16}" text-anchor="middle" ${FONT}>${label}</text>`,
    );
  }
  // A calibration is drawn dashed in the colour of the series before it (the one it calibrates).
  let colour = 0;
  let last = CALIBRATION;
  all.forEach((s, row) => {
    if (!s.calibration) last = PALETTE[colour++ % PALETTE.length] ?? '#000';
    const stroke = last;
    const dash = s.calibration ? ' stroke-dasharray="6 4"' : '';
    const points = s.quantiles.map((v, i) => `${x(i / 2).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    parts.push(`<polyline fill="none" stroke="${stroke}" stroke-width="2"${dash} points="${points}"/>`);
    const ly = margin.top + plotH + 38 + 18 * row;
    const at = (p: number) => formatValue(s.quantiles[p * 2] ?? Number.NaN);
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + 24}" y1="${ly - 4}" y2="${ly - 4}" stroke="${stroke}" stroke-width="2"${dash}/>`,
      `<text x="${margin.left + 32}" y="${ly}" ${FONT}>${escapeXml(s.label)} — n ${s.count}, p50 ${at(50)} · p99 ${at(99)} · max ${at(100)} ms</text>`,
    );
  });
  return svg(height, title, 'ms', parts);
}

export function barChart(title: string, unit: string, bars: readonly Bar[]): string {
  const rowH = 28;
  const margin = { left: 230, right: 90, top: 36, bottom: 16 };
  const height = margin.top + margin.bottom + rowH * bars.length;
  const plotW = WIDTH - margin.left - margin.right;
  const max = Math.max(1, ...bars.map((b) => b.value));
  let colour = 0;
  const parts = bars.flatMap((bar, i) => {
    const fill = bar.calibration ? CALIBRATION : (PALETTE[colour++ % PALETTE.length] ?? '#000');
    const top = margin.top + i * rowH;
    const w = (bar.value / max) * plotW;
    return [
      `<text x="${margin.left - 8}" y="${top + 17}" text-anchor="end" ${FONT}>${escapeXml(bar.label)}</text>`,
      `<rect x="${margin.left}" y="${top + 4}" width="${w.toFixed(1)}" height="${rowH - 8}" fill="${fill}"/>`,
      `<text x="${margin.left + w + 6}" y="${top + 17}" ${FONT}>${formatValue(bar.value)} ${escapeXml(unit)}</text>`,
    ];
  });
  return svg(height, title, '', parts);
}

function svg(height: number, title: string, yUnit: string, parts: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="22" ${TITLE_FONT}>${escapeXml(title)}</text>`,
    yUnit ? `<text x="16" y="40" ${FONT} fill="#6b7280">${escapeXml(yUnit)}</text>` : '',
    ...parts,
    '</svg>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
