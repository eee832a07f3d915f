import type { PgBoss, Queue } from 'pg-boss';
import type { Sql } from 'postgres';
import { businessToday } from '@shared/time';
import type { EventStore } from '../../events/store';
import { runExpiryAlerts } from '../app/equipment/expiry-alerts';
import { refreshPmForecasts } from '../app/preventive-maintenance/pm-board-sql';
import { runPmOverdueNotices } from '../app/preventive-maintenance/pm-overdue';
import type { Logger } from '../shared/logger';

/** The daily expiry notices and overdue preventive-maintenance notices (issue 20): one job per day and hour slot at most, one running at a
 * time; what makes each notice exactly once is its key (runExpiryAlerts), not the job. */
export const EXPIRY_ALERTS_QUEUE = 'expiry-alerts';
export const EXPIRY_ALERTS_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = [[EXPIRY_ALERTS_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 }]];

/** Registers the handler and the clock: every worker process sends the job of the current hour
 * every half hour (pg-boss keeps one per slot), so the day's notices go out within the hour after
 * midnight in Lima, or after the first worker starts, with any number of workers and none needed
 * in particular. A later run the same day finds every notice sent and stores nothing. */
export async function startExpiryAlertsWorker(boss: PgBoss, deps: { store: EventStore; sql: Sql; log: Logger; now?: () => Date }): Promise<{ stop(): void }> {
  const now = deps.now ?? (() => new Date());
  await boss.work(EXPIRY_ALERTS_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    const r = await runExpiryAlerts(deps, now());
    if (r.sent) deps.log.info('expiry notices sent', r);
    // The planners hear of preventive maintenance that became overdue, once per plan cycle.
    const o = await runPmOverdueNotices(deps, now());
    if (o.sent) deps.log.info('overdue preventive notices sent', o);
    // The board's forecasts move with the day: the first run after midnight recomputes them, so
    // the first planner of the day does not wait for it.
    await refreshPmForecasts(deps.sql, now());
  });
  const tick = () =>
    void boss
      .send(EXPIRY_ALERTS_QUEUE, { dia: businessToday(now()) }, { singletonKey: 'expiries', singletonSeconds: 3600, retryLimit: 2, expireInSeconds: 600 })
      .catch((e: Error) => deps.log.warn('expiry notices not scheduled', { error: e.message }));
  tick();
  const timer = setInterval(tick, 30 * 60 * 1000);
  timer.unref();
  const stop = () => clearInterval(timer);
  boss.once('stopped', stop);
  return { stop };
}
