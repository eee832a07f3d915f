import type { EventStore } from '../../../events/store';
import { writeWorkOrders } from './generate-work-orders';
import { loadWorkOrderContext } from './work-order-context';

/** The demo year of work orders: about 900 orders across the sites (open, closed, cancelled,
 * replicated), through the real decider, with event times spread over the last twelve months.
 * Nothing when orders exist already or the data set lacks machines, people or elements. */
export async function loadWorkOrdersData(store: EventStore, now = new Date()): Promise<{ ordenes: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'work_order' LIMIT 1`;
  if (loaded) return { ordenes: 0 };
  const ctx = await loadWorkOrderContext(store.sql);
  if (!ctx.sites.length || !ctx.elements.length) return { ordenes: 0 };
  const from = new Date(now.getTime() - 365 * 86_400_000);
  const { orders } = await writeWorkOrders(store, ctx, { count: 900, from, now, seed: 2026 });
  return { ordenes: orders };
}
