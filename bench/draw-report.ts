// bench:draw's table and result: one timed round (a draw's entry burst against the vault and the
// bare floor, the live show's health meanwhile, the Sold push after the close) printed as rows of
// percentiles and written for bench/report.ts.

import { type Figure, recordResult, series } from './record';
import { ms, percentiles } from './stats';

/** Latency targets: what a member watching would notice. */
export const TARGETS = {
  /** A state poll (or any answer) delayed by less than this is invisible on a countdown in whole seconds. */
  pollP99Ms: 100,
  /** The Sold view within a second of the countdown reaching zero, for 95 % of the screens. */
  soldP95Ms: 1000,
};

export interface Quantiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function quantiles(values: readonly number[]): Quantiles {
  const at = percentiles(values);
  return { count: values.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/** A row of the table: what was measured, over what, and its percentiles. */
export interface Row {
  what: string;
  samples: number[];
}

export const HEADER = ['measured', 'n', 'p50', 'p95', 'p99', 'max'];

export function cells(row: Row): string[] {
  const q = quantiles(row.samples);
  const f = (v: number) => (Number.isNaN(v) ? '—' : ms(v));
  return [row.what, String(q.count), f(q.p50), f(q.p95), f(q.p99), f(q.max)];
}

export function printTable(rows: readonly Row[]) {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, c) => Math.max(...table.map((r) => (r[c] ?? '').length)));
  for (const r of table)
    console.log(
      `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  ')}`,
    );
}

export interface TimedRound {
  entrants: number;
  watchers: number;
  sockets: number;
  vaultAcks: number[];
  bareAcks: number[];
  entryErrors: number;
  /** The answers that were not an entry, by status and code, with how many. */
  refusals: string[];
  /** State polls while quiet and while the vault's burst ran, and the bare server's polls around its own. */
  poll: { quiet: number[]; burst: number[] };
  barePoll: { quiet: number[]; burst: number[] };
  ping: { quiet: number[]; burst: number[] };
  tick: { quiet: number[]; burst: number[] };
  sold: { watchers: number[]; all: number[]; serverMs: number; missing: number };
  /** From the vault burst's first press to its last answer. */
  vaultWallMs: number;
  apiCpuMs: number;
  bareCpuMs: number;
  /** One purchase and authorisation, distinct entry numbers, the public record's count, seed and winner. */
  verified: boolean;
  /** Bursts against the floor not answered, and health probes that failed. */
  floorErrors: number;
  probeFailures: number;
  rows: Row[];
}

export async function recordRound(r: TimedRound, setup: string) {
  const p99 = (v: number[]) => quantiles(v).p99;
  const figures: Figure[] = [
    {
      label: 'entry errors (anything but an entry number)',
      value: r.entryErrors,
      unit: '',
      target: { op: '≤', value: 0 },
    },
    {
      label: 'one winner charged; the published draw checks out',
      value: r.verified ? 1 : 0,
      unit: '',
      target: { op: '≥', value: 1 },
    },
    {
      label: `state poll p99 while ${r.entrants.toLocaleString('en-US')} enter`,
      value: p99(r.poll.burst),
      unit: 'ms',
      target: { op: '≤', value: TARGETS.pollP99Ms },
    },
    {
      label: 'Sold push p95 after the close (every socket)',
      value: quantiles(r.sold.all).p95,
      unit: 'ms',
      target: { op: '≤', value: TARGETS.soldP95Ms },
    },
    { label: 'entry ack p99 / bare socket ack p99', value: p99(r.vaultAcks) / p99(r.bareAcks), unit: '×' },
    { label: 'entry ack p99', value: p99(r.vaultAcks), unit: 'ms' },
    { label: 'first press → last entry answered', value: r.vaultWallMs, unit: 'ms' },
    { label: 'state poll p99, quiet', value: p99(r.poll.quiet), unit: 'ms' },
    { label: 'Sold push: the server’s part (close → Sold view stamped)', value: r.sold.serverMs, unit: 'ms' },
    { label: 'API CPU per entry', value: r.apiCpuMs / r.entrants, unit: 'ms' },
  ];
  await recordResult({
    bench: 'draw',
    title: `Draw burst: ${r.entrants.toLocaleString('en-US')} members enter one draw within one second, then the close`,
    setup,
    figures,
    series: [
      series('entry ack (show:buy → entry number)', r.vaultAcks),
      series('bare Socket.IO ack (calibration)', r.bareAcks, true),
      series('state poll while they enter', r.poll.burst),
      series('state poll, quiet (calibration)', r.poll.quiet, true),
      series('Sold push, closesAt → on screen (every socket)', r.sold.all),
    ],
    table: { header: HEADER, rows: r.rows.map(cells) },
    notes: [
      ...(r.refusals.length > 0 ? [`Entries refused in this run: ${r.refusals.join('; ')}.`] : []),
      'Entrants press at evenly spaced instants through one second (the Buy bench’s burst runner, paced), each on its own open socket (`show:buy` acknowledged with the entry number); the identical paced burst against the bare server (bench/bare-http.ts) in the same run is the floor.',
      'The entrants send nothing over HTTP before they press, as the show screen does while its socket is up: so none of their sessions is in the API’s 5-second session cache, and each entrant’s first `show:buy` reads its session from Postgres.',
      'Health: watchers who do not enter poll GET /api/show/state and send clock:ping on their sockets, each every 50 ms (open loop), and every socket times the server’s ticks; quiet is the second before the bursts, “while they enter” the vault burst from its first press to its last answer.',
      'Sold push: from the draw’s closesAt to the push that shows the item Sold arriving on each socket (one client process holds them all, so the spread across sockets is mostly the client’s own decoding: see fanout); the server’s part is the Sold view’s serverTime minus closesAt (close, ordering, the winner’s authorisation, the push).',
    ],
  });
}
