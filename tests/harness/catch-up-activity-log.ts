import type { EventStore } from '../../events/store';
import { activityLogProjection } from '../../projections/activity-log';
import type { Sql } from '../../services/shared/db';
import { catchUpProjections } from './catch-up';

/** Brings the activity log up to every event stored so far, as the projector does: waits until
 * they are readable (no older transaction of the cluster still running), then reads batches from
 * the projection's checkpoint. Not a rebuild loop: not every event writes a log row (so counting
 * rows against events never settles), and rebuilding the whole log again and again for seconds
 * starves the test files running beside it. */
export async function catchUpActivityLog(sql: Sql, store: EventStore): Promise<void> {
  await catchUpProjections(sql, store, [activityLogProjection]);
}
