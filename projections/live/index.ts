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
      topics.add(e.streamType);
      const id = e.streamId.slice(e.streamId.lastIndexOf('-') + 1);
      if (id && id !== e.streamId) topics.add(`${e.streamType}:${id}`);
    }
    publish([...topics]);
  },
};
