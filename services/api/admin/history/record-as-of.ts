import { streamIdOf } from '../../../../events/store';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import type { ApiDeps } from '../../platform/deps';
import { historyItems } from './history-items';
import { historyMoments } from './history-moments';
import type { HistoryStream } from './history-streams';
import { isSecretField } from './secret-fields';

export const MSG_DID_NOT_EXIST = 'El registro no existía en esa fecha';

export type RecordAsOfOptions = {
  deps: Pick<ApiDeps, 'sql' | 'now' | 'store'>;
  stream: HistoryStream;
  streamType: string;
  id: number;
  at: Date;
};

/** A state without the keys no one is shown (secret-fields.ts), at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !isSecretField(k)).map(([k, v]) => [k, withoutSecrets(v)]));
}

/** Time travel (GET /history/asOf): the record as it was at `at`, folded with its aggregate's own
 * decider from the events of the moments (history-moments.ts: one per transaction) reached by
 * then, its version then, and every later event with its fields before → after. A moment is
 * reached when its last event was recorded at or before `at`, to the millisecond (instants travel
 * in JSON with milliseconds; PostgreSQL keeps microseconds); the events taken are always a prefix
 * of the stream, as a command would have read it, and never half of one command's events. 404
 * when the record has no events, or had none yet at `at`. */
export async function recordAsOf({ deps, stream, streamType, id, at }: RecordAsOfOptions) {
  const events = await deps.store.readStream(streamIdOf(streamType, id));
  if (!events.length) throw new ApiError(404, NOT_FOUND);
  const moments = historyMoments(events);
  const later = moments.findIndex((m) => m.at.getTime() > at.getTime());
  const reached = later === -1 ? moments[moments.length - 1] : moments[later - 1];
  if (!reached) throw new ApiError(404, MSG_DID_NOT_EXIST);
  const upTo = events.slice(0, reached.count);
  const state = withoutSecrets(stream.fold(upTo));
  const last = upTo[upTo.length - 1];
  return {
    stream_type: streamType,
    id,
    at: at.toISOString(),
    version: last.version,
    recorded_at: last.recordedAt.toISOString(),
    current_version: events[events.length - 1].version,
    state: (state !== null && typeof state === 'object' && !Array.isArray(state) ? state : { value: state }) as Record<string, unknown>,
    changes_since: await historyItems(deps, events.slice(upTo.length)),
  };
}
