import { eventInfo, UNKNOWN_EVENT } from '../../../../events/catalogues';
import type { RecordedEvent } from '../../../../events/types';
import type { ApiDeps } from '../../platform/deps';
import { ago } from '../logs/ago';
import { logRowKeys } from '../logs/log-row-keys';
import { historyChanges } from './history-changes';

/** Events of one record as the history shows them: each with who (and the real user behind a
 * 'login as'), from which session, when, the fields changed before → after, and the seeds' log-entry
 * keys (`tl_name`, `tl_icon`, `tl_color`, `id_parent`, `data`, `data_json`; the whole values, the
 * history clips nothing). Users are named from rm_users in one query. */
export async function historyItems(deps: Pick<ApiDeps, 'sql' | 'now'>, events: RecordedEvent[]) {
  const ids = new Set<number>();
  for (const e of events) {
    if (e.metadata.userId != null) ids.add(Number(e.metadata.userId));
    if (e.metadata.originalUserId != null) ids.add(Number(e.metadata.originalUserId));
  }
  const names = new Map<number, string>();
  if (ids.size) {
    const rows = await deps.sql<{ id: number; name: string }[]>`
      SELECT id::int AS id, concat_ws(' ', name, NULLIF(surname, '')) AS name FROM rm_users WHERE id IN ${deps.sql([...ids])}`;
    for (const r of rows) names.set(r.id, r.name);
  }
  const nameOf = (id: number | null) => (id == null ? null : (names.get(Number(id)) ?? `#${id}`));
  const now = deps.now();
  return events.map((e) => {
    const userId = e.metadata.userId ?? null;
    const originalUserId = e.metadata.originalUserId ?? null;
    const restored = e.data.restored_version;
    return {
      version: e.version,
      type: e.type,
      action: typeof restored === 'number' ? 'restauró' : (eventInfo(e.type) ?? UNKNOWN_EVENT).name,
      ...(typeof restored === 'number' ? { restored_version: restored } : {}),
      who: userId == null && originalUserId == null ? 'Sistema' : nameOf(userId),
      user_id: userId,
      original_who: nameOf(originalUserId),
      original_user_id: originalUserId,
      session: e.metadata.sessionId ?? null,
      when: e.recordedAt,
      ago: ago(e.recordedAt, now),
      changes: historyChanges(e.type, e.data),
      ...logRowKeys(e.streamType, e.type, e.data, null),
    };
  });
}
