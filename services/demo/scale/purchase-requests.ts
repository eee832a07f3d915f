import type { EventStore } from '../../../events/store';
import { writePurchaseRequests } from '../purchase-requests/loadPurchaseRequestsData';

/** Scale data for benchmarks: purchase requests for a share of the work orders (default one
 * request per five orders), through the real deciders, until that many exist. */
export async function seedScaleRequests(store: EventStore, opts: { target: number; onProgress?: (done: number, total: number) => void }): Promise<{ added: number }> {
  const [{ n }] = await store.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_solicitudes_compras`;
  const missing = opts.target - n;
  if (missing <= 0) return { added: 0 };
  return writePurchaseRequests(store, { count: missing, seed: 300_000 + n, onProgress: (done) => opts.onProgress?.(done, missing) });
}
