// pnpm bench — every benchmark in turn (one at a time: each measures a machine the others would
// share), then bench/report.md. A benchmark that misses a target does not stop the others; the
// run exits non-zero if any missed or failed. BENCHES=clock,state runs a subset.

import { spawnSync } from 'node:child_process';
import { BENCH_ORDER } from './report';

const chosen = process.env.BENCHES?.split(',') ?? BENCH_ORDER;
const failed: string[] = [];
for (const bench of chosen) {
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
