import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCH_ORDER, readResults } from '../../bench/report';
import { BENCHMARKS_DOC, benchmarksDoc } from '../../scripts/benchmarks-doc';

describe('docs/benchmarks.md', () => {
  it('is what pnpm docs:benchmarks writes from bench/results today', async () => {
    const committed = readFileSync(BENCHMARKS_DOC, 'utf8');
    expect(committed, 'docs/benchmarks.md is stale: run pnpm docs:benchmarks').toBe(benchmarksDoc(await readResults()));
  });

  it('names a command and a section for every benchmark, and every chart it links exists', async () => {
    const page = benchmarksDoc(await readResults());
    for (const bench of BENCH_ORDER) {
      expect(page).toContain(`| \`pnpm bench:${bench}\` |`);
      expect(page).toMatch(new RegExp(`^### ${bench}$`, 'm'));
    }
    const charts = [...page.matchAll(/\]\(\.\.\/(bench\/report\/[\w-]+\.svg)\)/g)].map((m) => m[1] ?? '');
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) expect(existsSync(new URL(`../../${chart}`, import.meta.url)), chart).toBe(true);
  });
});
