export type BenchResult = { name: string; figures: Record<string, number> };

/** Nearest-rank percentile, in the unit of the samples, rounded to 0.01. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 100) / 100;
}
