// pnpm bench:report — draws the SVG charts (bench/report/) from the results the benchmarks last wrote
// (bench/results/*.json); scripts/benchmarks-doc.ts then writes docs/benchmarks.md, the one page of
// figures, from the same results. `pnpm bench` runs every benchmark, then both.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { barChart, percentileChart } from './charts';
import { type BenchResult, type Figure, passes, RESULTS_DIR } from './record';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
/** The order the report reads in: the clock, pushing the show, selling it (by draw, with the eligibility rules, under a flood), reading it, bad links, the page on a phone. */
export const BENCH_ORDER = ['clock', 'fanout', 'buy', 'draw', 'eligibility', 'flood', 'state', 'badnet', 'mobile'];

const formatFigure = (f: Figure) => {
  // Counts and rates are whole numbers; times and ratios keep two decimals.
  const digits = f.unit === 'req/s' || (f.unit === '' && Number.isInteger(f.value)) ? 0 : 2;
  const number = f.value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return f.unit === '×' ? `${number}×` : f.unit ? `${number} ${f.unit}` : number;
};

const verdict = (f: Figure) => {
  const pass = passes(f);
  if (pass === null) return '';
  return pass ? 'pass' : '**miss**';
};

const tableOf = (header: string[], rows: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
  ].join('\n');

/** The report's markdown and its charts (file name → SVG), from the recorded results. */
export function renderReport(results: readonly BenchResult[]): { markdown: string; charts: Map<string, string> } {
  const charts = new Map<string, string>();
  const ordered = [...results].sort(
    (a, b) => (BENCH_ORDER.indexOf(a.bench) + 1 || 99) - (BENCH_ORDER.indexOf(b.bench) + 1 || 99),
  );
  const summaryRows = ordered.flatMap((r) =>
    r.figures
      .filter((f) => f.target)
      .map((f) => [
        `[${r.bench}](#${r.bench})`,
        f.label,
        formatFigure(f),
        `${f.target?.op} ${formatFigure({ ...f, value: f.target?.value ?? 0 })}`,
        verdict(f),
      ]),
  );
  const sections = ordered.map((r) => {
    const lines = [`## ${r.bench}`, '', `**${r.title}**`, '', r.setup, '', `Ran ${r.ranAt} on ${r.machine}.`, ''];
    lines.push(
      tableOf(
        ['figure', 'value', 'target', ''],
        r.figures.map((f) => [
          f.label,
          formatFigure(f),
          f.target ? `${f.target.op} ${formatFigure({ ...f, value: f.target.value })}` : '',
          verdict(f),
        ]),
      ),
      '',
    );
    if (r.series.length > 0) {
      const name = `${r.bench}-latency.svg`;
      charts.set(
        name,
        percentileChart(`${r.bench}: latency by percentile (dashed: the calibration of the line above it)`, r.series),
      );
      lines.push(`![${r.bench} latency distributions](report/${name})`, '');
    }
    if (r.bars && r.bars.values.length > 0) {
      const name = `${r.bench}-bars.svg`;
      charts.set(name, barChart(`${r.bench}: ${r.bars.unit} (grey: calibration)`, r.bars.unit, r.bars.values));
      lines.push(`![${r.bench} compared with its calibration](report/${name})`, '');
    }
    if (r.table) lines.push(tableOf(r.table.header, r.table.rows), '');
    for (const note of r.notes) lines.push(`- ${note}`);
    return lines.join('\n').trimEnd();
  });
  const missing = BENCH_ORDER.filter((b) => !results.some((r) => r.bench === b));
  const markdown = [
    '# Benchmark report',
    '',
    'Drawn by `pnpm bench:report` from `bench/results/*.json`; `pnpm bench` runs every benchmark and draws it again.',
    'Every figure is measured against a calibration run in the same process and the same run (a bare Fastify',
    'route, a bare Socket.IO server, a bare timer), so a slow machine shows as a slow calibration, not a slow Vault.',
    '',
    tableOf(['bench', 'figure', 'value', 'target', ''], summaryRows),
    '',
    ...(missing.length ? [`Not in this report (no result recorded yet): ${missing.join(', ')}.`, ''] : []),
    sections.join('\n\n'),
    '',
  ].join('\n');
  return { markdown, charts };
}

export async function readResults(dir = RESULTS_DIR): Promise<BenchResult[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as BenchResult));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await readResults();
  if (results.length === 0) {
    console.error(`no results in ${RESULTS_DIR}: run pnpm bench (or one pnpm bench:<name>) first`);
    process.exit(1);
  }
  const { charts } = renderReport(results);
  await mkdir(join(BENCH_DIR, 'report'), { recursive: true });
  for (const [name, svg] of charts) await writeFile(join(BENCH_DIR, 'report', name), svg);
  console.log(`bench/report/ drawn: ${results.map((r) => r.bench).join(', ')}; ${charts.size} charts`);
}
