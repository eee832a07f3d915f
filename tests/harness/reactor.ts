import type { Sql } from 'postgres';
import type { EventStore } from '../../events/store';
import type { Reactor } from '../../projections/reactors/define';
import { processReactorBatch, reactorCheckpoint } from '../../projections/reactors/runner';
import { readCheckpoint } from '../../projections/runner';
import { waitForLogReadable } from './wait';

/** Runs `reactor` in this process, from its checkpoint, until it has read the whole log (as the
 * worker's runner would, one batch after another); throws if another runner moves its checkpoint. */
export async function drainReactor(db: { sql: Sql; store: EventStore }, reactor: Reactor): Promise<void> {
  await waitForLogReadable(db.sql);
  let from = await readCheckpoint(db.sql, reactorCheckpoint(reactor.name));
  for (;;) {
    const batch = await processReactorBatch(db.sql, db.store, reactor, from);
    if (!batch.to) throw new Error('checkpoint moved by another runner');
    from = batch.to;
    if (batch.read === 0) return;
  }
}
