import type { RecordedEvent } from '../../../../events/types';

/** One moment a record changed at: the events one transaction appended to its stream, which
 * became visible together at its commit. `at` is the instant of the last of them (to the
 * millisecond, as instants travel in JSON), `version` the version they reached, `count` how many
 * events of the stream (from its start) had been appended by then. */
export type HistoryMoment = { at: Date; version: number; count: number };

/** The moments of a stream in version order: runs of consecutive events of one transaction. The
 * record never was in a state between two events of one command (no reader saw it), so time
 * travel steps from moment to moment. */
export function historyMoments(events: RecordedEvent[]): HistoryMoment[] {
  const moments: HistoryMoment[] = [];
  events.forEach((e, i) => {
    const next = events[i + 1];
    if (next && next.transactionId === e.transactionId) return;
    moments.push({ at: e.recordedAt, version: e.version, count: i + 1 });
  });
  return moments;
}
