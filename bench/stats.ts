export type BenchResult = { name: string; figures: Record<string, number> };

/** Nearest-rank percentile, in the unit of the samples, rounded to 0.01. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 100) / 100;
}

/** A load's figures: how many requests, p50/p95/p99 in ms and requests per second over `ms`. */
export function latencyFigures(latencies: number[], ms: number): Record<string, number> {
  return {
    requests: latencies.length,
    'p50 ms': percentile(latencies, 50),
    'p95 ms': percentile(latencies, 95),
    'p99 ms': percentile(latencies, 99),
    'req/s': Math.round((latencies.length / ms) * 1000),
  };
}

/** A list read under load: `shapes` are its query strings taken in turn; 20 warm-up calls, then
 * one call at a time for `seconds`. A reply other than 200 stops the bench. Returns every latency,
 * the latencies per shape and the elapsed ms. */
export async function loadList(
  request: (url: string) => Response | Promise<Response>,
  list: { name: string; shapes: ((i: number) => string)[] },
  seconds: number,
): Promise<{ latencies: number[]; byShape: number[][]; ms: number }> {
  const url = (i: number) => `/api${list.name}?${list.shapes[i % list.shapes.length](i)}`;
  for (let i = 0; i < 20; i++) await request(url(i));
  const latencies: number[] = [];
  const byShape = list.shapes.map(() => [] as number[]);
  const start = performance.now();
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const t0 = performance.now();
    const res = await request(url(i));
    if (res.status !== 200) throw new Error(`${list.name} ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    latencies.push(ms);
    byShape[i % list.shapes.length].push(ms);
  }
  return { latencies, byShape, ms: performance.now() - start };
}
