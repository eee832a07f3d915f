import type { AsyncProjection } from '../types';

/** Live pushes: after each committed batch, every touched stream type and record becomes a topic
 * (`unidad`, `unidad:12`). It owns no table; its checkpoint makes pushes follow the log without gaps. */
export const liveProjection: AsyncProjection = {
  name: 'live',
  batchSize: 500,
  handles: () => true,
  async apply() {},
  async reset() {},
  afterCommit(events, publish) {
    const topics = new Set<string>();
    for (const e of events) {
      // Sessions and notifications are private: only their own targeted topics below.
      if (e.streamType !== 'session' && e.streamType !== 'notification') {
        topics.add(e.streamType);
        const id = e.streamId.slice(e.streamId.lastIndexOf('-') + 1);
        if (id && id !== e.streamId) topics.add(`${e.streamType}:${id}`);
      }
      // A user's own notifications: only that user's sockets are in this room.
      if (e.type === 'NotificationCreated') topics.add(`notifications:user:${e.data.id_user}`);
      // A changed profile or module changes menus and rights: every signed-in client re-reads /me.
      if (e.streamType === 'role' || e.streamType === 'module') topics.add('access');
      // Every API process disconnects the sockets of a closed session.
      if (e.type === 'SessionClosed') topics.add(`session_closed:${e.data.id}`);
    }
    publish([...topics]);
  },
};
