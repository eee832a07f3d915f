import { expect } from 'vitest';
import type { Sql } from 'postgres';
import type { EventStore, InlineProjection } from '../../events/store';
import { rebuildProjection } from '../../projections/rebuild';

/** An inline projection's rows are the log's: `snapshot` (more than `moreThan` rows) is taken,
 * `spoil` damages the table, the projection is rebuilt from the log, and the rows are back. */
export async function expectRebuildRestores(
  db: { sql: Sql; store: EventStore },
  projection: InlineProjection,
  snapshot: () => PromiseLike<readonly unknown[]>,
  spoil: () => PromiseLike<unknown>,
  moreThan = 0,
): Promise<void> {
  const live = await snapshot();
  expect(live.length).toBeGreaterThan(moreThan);
  await spoil();
  await rebuildProjection(db.sql, db.store, projection, 'inline');
  expect(await snapshot()).toEqual(live);
}
