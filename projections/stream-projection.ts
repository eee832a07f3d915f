import type { TransactionSql } from 'postgres';
import type { Catalogue } from '../events/catalogue';
import { isEventOf } from '../events/event-of';
import type { Event, RecordedEvent } from '../events/types';
import type { InlineProjection } from './types';

/** A projection of one aggregate's streams (`{streamType}-{id}`) and nothing else: each event, read
 * as one of the aggregate's, applied in log order. It runs inline or behind the log alike (an
 * async projection reads the same members). */
export function streamProjection<E extends Event>(p: {
  name: string;
  streamType: string;
  catalogue: Catalogue<E>;
  apply(tx: TransactionSql, e: RecordedEvent<E>): Promise<void>;
  /** Empties the projection's tables before a rebuild. */
  reset(tx: TransactionSql): Promise<void>;
}): InlineProjection {
  return {
    name: p.name,
    handles: (e) => e.streamType === p.streamType,
    async apply(tx, events) {
      for (const e of events) if (isEventOf(p.catalogue, e)) await p.apply(tx, e);
    },
    reset: p.reset,
  };
}
