import { recordDecider, type Fields } from '../../../events/record/record';
import type { EventStore } from '../../../events/store';

/** A record to create, with the time and the user it is recorded under. */
export type PlannedRecord = { fields: Fields; occurredAt: Date; userId: number | null };

/** Reserves `n` consecutive ids of a record type (the counter store.nextId uses), returning the first. */
async function reserveIds(store: EventStore, name: string, n: number): Promise<number> {
  const [row] = await store.sql<{ last_id: number }[]>`
    INSERT INTO es_id_counters (name, last_id) VALUES (${name}, ${n})
    ON CONFLICT (name) DO UPDATE SET last_id = es_id_counters.last_id + ${n} RETURNING last_id`;
  return row.last_id - n + 1;
}

/**
 * Creates many generic records fast, through the event store: the events the record decider
 * decides for a new record (RecordCreated) and the store's inline projections, `batch` records per
 * transaction, each batch one appendMany round trip; up to `parallel` transactions run at once
 * (PostgreSQL works on as many cores).
 * Measured in docs/modules/hour-meters.md. Returns the number of records written.
 */
export async function writeRecordBatches(
  store: EventStore,
  entity: string,
  records: Iterable<PlannedRecord>,
  options: { batch?: number; parallel?: number; requestId: string; onProgress?: (written: number) => void },
): Promise<number> {
  const size = options.batch ?? 1000;
  const parallel = Math.max(1, options.parallel ?? 2);
  let written = 0;
  let failure: unknown = null;
  const inflight = new Set<Promise<void>>();

  const write = async (planned: PlannedRecord[]) => {
    const first = await reserveIds(store, entity, planned.length);
    // One round trip for the batch (appendMany); the records projection inserts its rows together.
    await store.transaction((t) =>
      t.appendMany(
        planned.map((r, i) => {
          const id = first + i;
          const events = recordDecider.decide({ type: 'CreateRecord', id, fields: r.fields }, recordDecider.initialState());
          return {
            streamId: `${entity}-${id}`,
            events: events.map((e) => ({ ...e, occurredAt: r.occurredAt })),
            options: { expectedVersion: 'no_stream' as const, metadata: { userId: r.userId, requestId: options.requestId } },
          };
        }),
      ),
    );
    written += planned.length;
    options.onProgress?.(written);
  };
  const launch = (planned: PlannedRecord[]) => {
    const p: Promise<void> = write(planned)
      .catch((error) => {
        failure ??= error;
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
  };

  let chunk: PlannedRecord[] = [];
  for (const record of records) {
    chunk.push(record);
    if (chunk.length < size) continue;
    launch(chunk);
    chunk = [];
    while (inflight.size >= parallel) await Promise.race(inflight);
    if (failure) break;
  }
  if (chunk.length && !failure) launch(chunk);
  await Promise.all(inflight);
  if (failure) throw failure;
  return written;
}
