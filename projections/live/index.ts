import { eventTopics, privateStreamTypes } from '../../events/catalogues';
import type { RecordedEvent } from '../../events/types';
import type { AsyncProjection, LivePush } from '../types';

/** The pushes of one committed batch: per event, its stream type and its record as topics
 * (`unidad`, `unidad:12`), each with the event's stream version and correlation id, and the
 * topics its event catalogue names (events/catalogues.ts). Pushes of one topic written by one
 * request collapse into one carrying the highest version, so a save of five
 * events pushes once; two requests touching the same topic push twice, so each client still sees
 * whether the change was its own. Topics that are not a record (`access`, notifications, closed
 * sessions) carry only their name. */
export function livePushes(events: RecordedEvent[]): LivePush[] {
  const pushes = new Map<string, LivePush>();
  const put = (topic: string, from?: RecordedEvent) => {
    const correlationId = from?.metadata.correlationId;
    const key = from ? `${topic}\n${correlationId ?? ''}` : topic;
    const seen = pushes.get(key);
    if (!from) {
      if (!seen) pushes.set(key, { topic });
      return;
    }
    if (!seen || (seen.version ?? 0) < from.version) pushes.set(key, { topic, version: from.version, ...(correlationId ? { correlationId } : {}) });
  };
  for (const e of events) {
    // Sessions and notifications are private: only their own targeted topics below.
    if (!privateStreamTypes.has(e.streamType)) {
      put(e.streamType, e);
      const id = e.streamId.slice(e.streamId.lastIndexOf('-') + 1);
      if (id && id !== e.streamId) put(`${e.streamType}:${id}`, e);
    }
    // The event type's own topics, from its catalogue: a user's notifications
    // (`notifications:user:{id_user}`), a closed session's sockets (`session_closed:{id}`).
    for (const topic of eventTopics(e.type, e.data)) put(topic);
    // A changed profile or module changes menus and rights: every signed-in client re-reads /me.
    if (e.streamType === 'role' || e.streamType === 'module') put('access');
  }
  return [...pushes.values()];
}

/** Live pushes: after each committed batch (see livePushes). It owns no table; its checkpoint
 * makes pushes follow the log without gaps. */
export const liveProjection: AsyncProjection = {
  name: 'live',
  batchSize: 500,
  handles: () => true,
  async apply() {},
  async reset() {},
  afterCommit(events, publish) {
    publish(livePushes(events));
  },
};
