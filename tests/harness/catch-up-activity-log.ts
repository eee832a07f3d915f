import type { EventStore } from '../../events/store';
import { activityLogProjection } from '../../projections/activity-log';
import { rebuildProjection } from '../../projections/rebuild';
import type { Sql } from '../../services/shared/db';

/** Rebuilds the activity log until it holds every event of this database. An async projection
 * only reads events older than the oldest running transaction of the whole cluster, so while
 * other test files run, the newest events can stay out of reach for a moment. */
export async function catchUpActivityLog(sql: Sql, store: EventStore, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await rebuildProjection(sql, store, activityLogProjection, 'async');
    const [{ behind }] = await sql`SELECT (SELECT count(*) FROM es_events) - (SELECT count(*) FROM rm_activity_log) AS behind`;
    if (Number(behind) === 0 || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
