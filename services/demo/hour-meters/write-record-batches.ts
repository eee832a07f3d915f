import { execute } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import type { Fields } from '../../../events/record/record';
import type { EventStore } from '../../../events/store';
import type { CommandContext, DecisionStamp } from '../../../events/execute';

/** Another new stream a record's creation opens in the same command (an hour-meter log's slot claim). */
export type Companion = (id: number, fields: Fields) => (c: CommandContext, at: DecisionStamp) => unknown;

/** A record to create, with the time and the user it is recorded under. */
export type PlannedRecord = { fields: Fields; occurredAt: Date; userId: number | null };

/**
 * Creates many generic records fast, through the command pipeline: `batch` records per command
 * (each a new stream started with the record decider's CreateRecord, at its own time and user),
 * one transaction and one append round trip per batch, the inline projections run once over it;
 * up to `parallel` commands run at once (PostgreSQL works on as many cores). Each batch's ids are
 * reserved just before its command, not inside it: the counter row would otherwise stay locked
 * until the batch commits and the parallel batches would run one after another (a failed load
 * leaves a gap in the ids, which a bulk load can afford).
 * Measured in docs/modules/hour-meters.md. Returns the number of records written.
 */
export async function writeRecordBatches(
  store: EventStore,
  entity: string,
  records: Iterable<PlannedRecord>,
  options: { batch?: number; parallel?: number; requestId: string; companion?: Companion; onProgress?: (written: number) => void },
): Promise<number> {
  const size = options.batch ?? 1000;
  const parallel = Math.max(1, options.parallel ?? 2);
  const agg = recordAggregate(entity);
  let written = 0;
  // The first failed write (set inside the writes' callbacks, so held in an object the compiler
  // does not narrow to its initial null).
  const failed: { error: Error | null } = { error: null };
  const inflight = new Set<Promise<void>>();

  const write = async (planned: PlannedRecord[]) => {
    const ids = await store.nextIds(entity, planned.length);
    await execute(store, (c) => {
      planned.forEach((r, i) => {
        const at = { occurredAt: r.occurredAt, metadata: { userId: r.userId } };
        c.start(agg, ids[i]).decide({ type: 'CreateRecord', id: ids[i], fields: r.fields }, at);
        options.companion?.(ids[i], r.fields)(c, at);
      });
    }, { metadata: { requestId: options.requestId } });
    written += planned.length;
    options.onProgress?.(written);
  };
  const launch = (planned: PlannedRecord[]) => {
    const p: Promise<void> = write(planned)
      .catch((error) => {
        failed.error ??= error instanceof Error ? error : new Error(String(error));
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
    if (failed.error) break;
  }
  if (chunk.length && !failed.error) launch(chunk);
  await Promise.all(inflight);
  if (failed.error) throw failed.error;
  return written;
}
