import type { EventStore } from '../../events/store';
import { processBatch, readCheckpoint } from '../../projections/runner';
import type { AsyncProjection } from '../../projections/types';
import type { Sql } from '../../services/shared/db';
import { waitForLogReadable } from './wait';

/** Drains async projections as the projector would (never by a rebuild): once every event stored
 * so far is readable, each projection in turn reads batches from its checkpoint until it reads
 * nothing. */
export async function catchUpProjections(sql: Sql, store: EventStore, projections: AsyncProjection[]): Promise<void> {
  await waitForLogReadable(sql);
  for (const p of projections) {
    for (;;) {
      const r = await processBatch(sql, store, p, await readCheckpoint(sql, p.name));
      if (r.read === 0) break;
    }
  }
}
