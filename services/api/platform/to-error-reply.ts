import { DEFAULT_ERROR, type Envelope } from '@shared/envelope';
import { ConcurrencyError, CommandRejected, DuplicateEventError } from '../../../events/errors';
import type { Logger } from '../../shared/logger';
import { ApiError } from './api-error';
import { errorEnvelope } from './envelope';

/** Maps any thrown error to an honest status and the envelope. Unknown errors become 500 with
 * 'Se produjo un error' and the request id, which is in the log with the stack; never the stack. */
export function toErrorReply(error: unknown, requestId: string, log: Logger): { status: number; body: Envelope } {
  if (error instanceof ApiError) return { status: error.status, body: errorEnvelope(error.message, error.errors, error.extra) };
  if (error instanceof ConcurrencyError) return { status: 409, body: errorEnvelope(error.message) };
  if (error instanceof CommandRejected) return { status: error.status, body: errorEnvelope(error.message, error.errors, error.extra) };
  if (error instanceof DuplicateEventError) return { status: 422, body: errorEnvelope('La operación ya fue registrada con otros datos') };
  const e = error as Error;
  log.error('unhandled error', { requestId, error: e?.message, stack: e?.stack });
  return { status: 500, body: errorEnvelope(DEFAULT_ERROR, {}, { request_id: requestId }) };
}
