import type { Sql } from 'postgres';

// What a test reads of the event log itself: one stream's events, and how many events it holds.

export type StreamEvent = { type: string; data: Record<string, unknown>; event_id: string };

/** The events of `stream` (e.g. `purchase_request-7`) in version order. */
export function streamEvents(sql: Sql, stream: string): Promise<StreamEvent[]> {
  return sql<StreamEvent[]>`SELECT event_type AS type, data, event_id::text AS event_id FROM es_events WHERE stream_id = ${stream} ORDER BY version`;
}

/** The types of the events of `stream`, in version order. */
export async function streamTypes(sql: Sql, stream: string): Promise<string[]> {
  return (await streamEvents(sql, stream)).map((e) => e.type);
}

/** How many of `types` are `type`. */
export const countOfType = (types: string[], type: string) => types.filter((t) => t === type).length;

/** How many events the whole log holds. */
export async function eventTotal(sql: Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}
