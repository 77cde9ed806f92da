// What a benchmark leaves for bench/report.ts: its headline figures (with their targets) and the
// latency distributions behind them, the calibration (a bare server, a bare timer) beside the
// measured one. One JSON file per benchmark in bench/results/, overwritten by its next run, so
// the report can be drawn again without running anything (pnpm bench:report).

import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentiles } from './stats';

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** A headline number: `value` in `unit`, and its target as the bench checks it. */
export interface Figure {
  label: string;
  value: number;
  unit: 'ms' | '×' | 'req/s' | 's' | '';
  target?: { op: '≤' | '≥'; value: number };
}

/**
 * A latency sample reduced to 201 quantiles (p0, p0.5 … p100): enough to draw its distribution,
 * small enough to keep in git. `calibration` marks the floor the measured series is read against.
 */
export interface Series {
  label: string;
  count: number;
  quantiles: number[];
  calibration: boolean;
}

/** Values compared side by side (requests per second of the app's routes and of a bare route). */
export interface Bar {
  label: string;
  value: number;
  calibration: boolean;
}

export interface BenchResult {
  bench: string;
  title: string;
  /** What was run: sizes, modes, anything needed to compare two reports. */
  setup: string;
  ranAt: string;
  machine: string;
  figures: Figure[];
  /** Distributions in ms, drawn as percentile curves. */
  series: Series[];
  bars?: { unit: string; values: Bar[] };
  /** A table the bench prints that does not reduce to figures (bench:badnet's per-profile rows). */
  table?: { header: string[]; rows: string[][] };
  notes: string[];
}

export function series(label: string, samples: readonly number[], calibration = false): Series {
  const at = percentiles(samples);
  return {
    label,
    count: samples.length,
    quantiles: Array.from({ length: 201 }, (_, i) => round(at(i / 2))),
    calibration,
  };
}

export function passes(figure: Figure): boolean | null {
  if (!figure.target) return null;
  return figure.target.op === '≤' ? figure.value <= figure.target.value : figure.value >= figure.target.value;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Writes the bench's result for the report; BENCH_RECORD=0 (a quick local run) writes nothing. */
export async function recordResult(result: Omit<BenchResult, 'ranAt' | 'machine'>): Promise<void> {
  if (process.env.BENCH_RECORD === '0') return;
  const full: BenchResult = {
    ...result,
    figures: result.figures.map((f) => ({ ...f, value: round(f.value) })),
    ranAt: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.bench}.json`);
  await writeFile(file, `${JSON.stringify(full, null, 1)}\n`);
  console.log(`result written to ${file} (pnpm bench:report draws it)`);
}
