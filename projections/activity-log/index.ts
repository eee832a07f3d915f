import { jsonb } from '../../events/jsonb';
import type { RecordedEvent } from '../../events/types';
import type { AsyncProjection } from '../types';

function targetId(streamId: string): number | null {
  const tail = streamId.slice(streamId.lastIndexOf('-') + 1);
  return /^\d+$/.test(tail) ? Number(tail) : null;
}

/** What changed, for the log and the record history: created fields, or before → after. */
function changesOf(e: RecordedEvent): Record<string, unknown> {
  if (e.type === 'RecordCreated') return (e.data.fields as Record<string, unknown>) ?? {};
  if (e.type === 'RecordUpdated') return (e.data.changes as Record<string, unknown>) ?? {};
  return {};
}

/** The activity log (/logs): one row per event, with who acted (and the original user behind a
 * 'login as'), from which session, and what changed. */
export const activityLogProjection: AsyncProjection = {
  name: 'activity_log',
  batchSize: 2000,
  // Hour-meter slot claims are the one-log-per-slot rule's bookkeeping, not something a user did.
  handles: (e) => e.streamType !== 'horometro_slot',
  async apply(tx, events) {
    const rows = events.map((e) => ({
      global_position: e.globalPosition,
      stream_id: e.streamId,
      stream_type: e.streamType,
      target_id: targetId(e.streamId),
      event_type: e.type,
      id_user: e.metadata.userId ?? null,
      id_user_original: e.metadata.originalUserId ?? null,
      id_session: e.metadata.sessionId ?? null,
      changes: jsonb(tx, changesOf(e)),
      date_created: e.occurredAt,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await tx`INSERT INTO rm_activity_log ${tx(rows.slice(i, i + 1000))}`;
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_activity_log`;
  },
  afterCommit(_events, publish) {
    publish([{ topic: 'logs' }]);
  },
};
