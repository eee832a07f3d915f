import { execute, type ExecuteResult } from '../../../../events/execute';
import { recordAggregate } from '../../../../events/record/commands';
import type { Fields } from '../../../../events/record/record';
import type { EventStore } from '../../../../events/store';
import type { EventMetadata } from '../../../../events/types';

export type SaveRecordOptions = {
  metadata: Partial<EventMetadata>;
  /** Values of a record that does not exist yet: it is created with them and the save becomes an
   * update, so the history shows each saved field as before → after. Without a baseline the
   * first save creates the record with the saved fields. */
  baseline?: Fields;
};

/** Creates or updates a fixed-id record (the legal text, the settings) in one command, appended at
 * the version it read: a concurrent save answers 409. Unchanged fields write nothing; a save that
 * changes nothing appends no event (and answers null). */
export async function saveRecord(
  store: EventStore,
  streamType: string,
  id: number,
  fields: Fields,
  options: SaveRecordOptions,
): Promise<ExecuteResult<void> | null> {
  const r = await execute(store, async (c) => {
    const record = await c.load(recordAggregate(streamType), id);
    if (record.state.status !== 'absent') record.decide({ type: 'UpdateRecord', id, fields });
    else if (!options.baseline) record.decide({ type: 'CreateRecord', id, fields });
    else {
      record.decide({ type: 'CreateRecord', id, fields: options.baseline });
      record.decide({ type: 'UpdateRecord', id, fields });
    }
  }, { metadata: options.metadata });
  return r.events.length ? r : null;
}
