// pnpm bench — every benchmark in turn (one at a time: each measures a machine the others would
// share), then docs/benchmarks.md. A benchmark that misses a target does not stop the others; the
// run exits non-zero if any missed or failed. BENCHES=clock,state runs a subset.

import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_ORDER } from './report';

/** Share of all cores idle over one second, from the kernel's counters. */
async function idleShare(): Promise<number> {
  const sample = () =>
    cpus().reduce(
      (sum, cpu) => {
        const { idle, user, nice, sys, irq } = cpu.times;
        return { idle: sum.idle + idle, total: sum.total + idle + user + nice + sys + irq };
      },
      { idle: 0, total: 0 },
    );
  const before = sample();
  await sleep(1000);
  const after = sample();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Waits (at most a minute) until the machine is quiet: the previous benchmark's processes and its
 * scratch database take seconds to wind down, and measured in the next one's run (bench:state after
 * bench:buy measured the bare route at 35k req/s instead of 55k, and the app at half its rate).
 */
async function quiet(): Promise<void> {
  for (let waited = 0; waited < 60; waited++) {
    const idle = await idleShare();
    if (idle >= 0.9) return;
    if (waited % 10 === 0) console.log(`waiting for a quiet machine (${(100 * idle).toFixed(0)}% idle)`);
  }
  console.log('the machine did not quieten within a minute: this run may be noisy');
}

const chosen = process.env.BENCHES?.split(',') ?? BENCH_ORDER;
const failed: string[] = [];
for (const bench of chosen) {
  await quiet();
  console.log(`\n═══ pnpm bench:${bench}`);
  const started = Date.now();
  const run = spawnSync('pnpm', ['--silent', `bench:${bench}`], { stdio: 'inherit' });
  console.log(
    `═══ bench:${bench} exited ${run.status ?? run.signal} after ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (run.status !== 0) failed.push(bench);
}
const report = spawnSync('pnpm', ['--silent', 'bench:report'], { stdio: 'inherit' });
if (failed.length > 0)
  console.log(`\nmissed a target or failed: ${failed.join(', ')} (their last results are in the report)`);
process.exitCode = failed.length > 0 || report.status !== 0 ? 1 : 0;
