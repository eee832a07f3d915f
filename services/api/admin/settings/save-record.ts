import { fold } from '../../../../events/decider';
import { recordDecider, type Fields, type RecordEvent, type RecordState } from '../../../../events/record/record';
import { streamIdOf, type AppendResult, type EventStore } from '../../../../events/store';
import type { EventMetadata } from '../../../../events/types';

export type SaveRecordOptions = {
  metadata: Partial<EventMetadata>;
  /** Values of a record that does not exist yet: it is created with them and the save becomes an
   * update, so the history shows each saved field as before → after. Without a baseline the
   * first save creates the record with the saved fields. */
  baseline?: Fields;
};

/** Creates or updates a fixed-id record (the legal text, the settings) in one append, with the
 * version read as the expected version: a concurrent save answers 409. Unchanged fields write
 * nothing; a save that changes nothing appends no event. */
export async function saveRecord(
  store: EventStore,
  streamType: string,
  id: number,
  fields: Fields,
  options: SaveRecordOptions,
): Promise<AppendResult | null> {
  const streamId = streamIdOf(streamType, id);
  const history = (await store.readStream(streamId)) as unknown as (RecordEvent & { version: number })[];
  let state = fold<RecordState, RecordEvent>(recordDecider, history);
  const version = history.length ? history[history.length - 1].version : 0;
  const events: RecordEvent[] = [];
  const run = (command: Parameters<typeof recordDecider.decide>[0]) => {
    const decided = recordDecider.decide(command, state);
    state = decided.reduce((s, e) => recordDecider.evolve(s, e), state);
    events.push(...decided);
  };
  if (state.status === 'absent') {
    if (options.baseline) {
      run({ type: 'CreateRecord', id, fields: options.baseline });
      run({ type: 'UpdateRecord', id, fields });
    } else {
      run({ type: 'CreateRecord', id, fields });
    }
  } else {
    run({ type: 'UpdateRecord', id, fields });
  }
  if (events.length === 0) return null;
  return store.append(streamId, events, { expectedVersion: version, metadata: options.metadata });
}
