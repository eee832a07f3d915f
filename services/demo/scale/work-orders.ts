import type { EventStore } from '../../../events/store';
import { writeWorkOrders } from '../work-orders/generate-work-orders';
import { loadWorkOrderContext } from '../work-orders/work-order-context';

/** Scale data for benchmarks: work orders through the event store (the real decider and inline
 * projection) until `target` orders exist, opened over the last three years. */
export async function seedScaleWorkOrders(store: EventStore, opts: { target: number; onProgress?: (done: number, total: number) => void }): Promise<{ added: number }> {
  const [{ n }] = await store.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_ordenes_trabajo`;
  // Replicas add about 3% on top of the planned orders.
  const missing = Math.floor((opts.target - n) / 1.03);
  if (missing <= 0) return { added: 0 };
  const ctx = await loadWorkOrderContext(store.sql);
  if (!ctx.sites.length || !ctx.elements.length) throw new Error('Faltan equipos, trabajadores o elementos de grupo funcional para generar órdenes de trabajo');
  const now = new Date();
  const { orders } = await writeWorkOrders(store, ctx, {
    count: missing,
    from: new Date(now.getTime() - 3 * 365 * 86_400_000),
    now,
    seed: 100_000 + n,
    batch: 250,
    // Most closed orders with parts were attended by the site warehouse first (milestone 2).
    attendShare: 0.8,
    onProgress: (done) => opts.onProgress?.(done, missing),
  });
  return { added: orders };
}
