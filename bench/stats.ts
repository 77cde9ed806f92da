/** Percentiles over a sample, for the benchmark reports. */
export function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
  return { count: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
