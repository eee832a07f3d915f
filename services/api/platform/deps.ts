import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import type { EventStore } from '../../../events/store';
import type { Config } from '../../shared/config';
import type { Logger } from '../../shared/logger';
import type { SicamClient } from '../../shared/sicam-client';
import { ApiError, type ErrorStatus } from './api-error';
import type { TrustedProxies } from './client-address';

/** What handlers get: passed in, never imported, so tests give real or fake ones. */
export type ApiDeps = {
  sql: Sql;
  store: EventStore;
  boss: PgBoss | null;
  /** The purchasing system, by SICAM_URL (null when unset: calls that need it answer 409). */
  sicam: SicamClient | null;
  log: Logger;
  config: Pick<Config, 'dataDir'> & { uploadsDir: string; captchaKey: string; sessionHours: number; publicUrl: string; trustProxy: TrustedProxies };
  now: () => Date;
};

/** The job queue of a call that queues work. An API started without one refuses such a call, since
 * what it queues would be lost: 500 'La cola de trabajos no está disponible', or the call's own
 * refusal. */
export function jobQueue(deps: Pick<ApiDeps, 'boss'>, refusal: { status: ErrorStatus; message: string } = { status: 500, message: 'La cola de trabajos no está disponible' }): PgBoss {
  if (!deps.boss) throw new ApiError(refusal.status, refusal.message);
  return deps.boss;
}
