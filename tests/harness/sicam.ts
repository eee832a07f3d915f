import { afterAll, beforeAll } from 'vitest';
import { startSicamSim, type SicamSimServer } from '../../services/sicam-sim/server';
import { createSicamClient } from '../../services/shared/sicam-client';
import { createLogger } from '../../services/shared/logger';
import { startWorker } from '../../services/worker/worker';
import type { TestApi } from './api';

/** The SICAM simulator (no latency, no failures, nothing advanced on its own) with the worker
 * running against it and the API's SICAM client pointed at it, as under `npm start`; closed after
 * the file. Call after useTestApi; the server it returns is filled in before the file's own hooks. */
export function useSicamSim(api: TestApi): SicamSimServer {
  const handle = {} as SicamSimServer;
  beforeAll(async () => {
    Object.assign(handle, await startSicamSim({ port: 0, host: '127.0.0.1', knobs: { latencyMs: 0, failRate: 0, failNext: 0, refuseNext: 0, outage: false, loseReplyRate: 0, approvalAfterS: -1, approvedAfterS: -1 } }));
    await startWorker(api.boss, api.sql, { mailFrom: 'faena@faena.test', smtpUrl: undefined, sicamUrl: handle.url, sicamPollSeconds: 3600 }, createLogger({}, true), { store: api.store });
    (api.deps as { sicam: unknown }).sicam = createSicamClient({ url: handle.url });
  }, 120_000);
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
