/** Nearest-rank percentiles of a sample (NaN for an empty one), sorted once: `at(95)`. */
export function percentiles(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Percentiles over a sample, for the benchmark reports. */
export function summarize(values: readonly number[]) {
  const at = percentiles(values);
  return { count: values.length, p50: at(50), p99: at(99), max: at(100) };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A sample (ms) as the reports print it: `p50 … · p99 … · max …`. */
export function summaryLine(values: readonly number[]) {
  const s = summarize(values);
  return `p50 ${ms(s.p50)} · p99 ${ms(s.p99)} · max ${ms(s.max)}`;
}
