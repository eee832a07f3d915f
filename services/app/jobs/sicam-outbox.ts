import type { Queue, SendOptions } from 'pg-boss';
import { SicamError } from '../../shared/sicam-client';

// What every keyed SICAM job shares (the request push, the product annulment, the material
// creation): its queue with one live job per key after its dead-letter queue, the retries, and
// the rule that turns one attempt's SICAM call into a reply, a recorded failure or a retry.

/** The queues of a keyed SICAM job and their policies, in creation order (the dead-letter queue
 * before its source). */
export function sicamJobQueues(queue: string, failedQueue: string): [string, Omit<Queue, 'name'>][] {
  return [
    [failedQueue, { retryLimit: 5, retryDelay: 5, retryBackoff: true }],
    [queue, { policy: 'exclusive', deadLetter: failedQueue }],
  ];
}

/** Retries of a SICAM job: 9 attempts over about six minutes (2 s, 4 s, 8 s… doubling with
 * jitter, at most 2 minutes apart), so an outage of a few minutes is ridden out. An attempt may
 * run 60 s (the client gives up after 10 s); one whose worker died is retried once pg-boss sees it
 * expired, and the last one without an outcome reaches `failedQueue`. */
export function sicamJobRetries(failedQueue: string): SendOptions {
  return { retryLimit: 8, retryDelay: 2, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 60, deadLetter: failedQueue };
}

/** One attempt's SICAM call: its reply; null once `recordFailure` ran, when SICAM refused (4xx,
 * final at once) or the last attempt found it unavailable; otherwise the error is thrown and
 * pg-boss retries. */
export async function attemptSicam<T>(
  job: { retryCount: number; retryLimit: number },
  call: () => Promise<T>,
  recordFailure: (error: SicamError, attempts: number) => Promise<void>,
): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SicamError && (!error.retryable || job.retryCount >= job.retryLimit)) {
      await recordFailure(error, job.retryCount + 1);
      return null;
    }
    throw error;
  }
}
