import { ApiError } from '../api-error';
import { exportResponse } from './response';
import type { ExportRequest } from './types';

/** Exports one user may run at once in one API process; one more is refused with a 429. */
export const EXPORTS_PER_USER = 2;
export const MSG_EXPORTS_BUSY = 'Ya tiene exportaciones en curso; espere a que terminen';

const running = new Map<number, number>();

/**
 * A slot for one export of a user, or null when the user already runs EXPORTS_PER_USER: an export
 * of a large list keeps a database cursor and (PDF) a worker thread busy for seconds, so one user
 * cannot take the server's cores from everyone. The returned release is idempotent; call it when
 * the download ends, fails or is abandoned.
 */
export function takeExportSlot(userId: number): (() => void) | null {
  const now = running.get(userId) ?? 0;
  if (now >= EXPORTS_PER_USER) return null;
  running.set(userId, now + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };
}

/**
 * An export under one of the caller's slots (429 when both are taken): `read` gathers what the
 * file needs, and a failure there gives the slot back; otherwise the slot is held while the file
 * streams and given back when the download ends, fails or is abandoned.
 */
export async function exportInSlot(userId: number, read: () => Promise<Omit<ExportRequest, 'onClose'>>): Promise<Response> {
  const release = takeExportSlot(userId);
  if (!release) throw new ApiError(429, MSG_EXPORTS_BUSY);
  let request: Omit<ExportRequest, 'onClose'>;
  try {
    request = await read();
  } catch (error) {
    release();
    throw error;
  }
  return exportResponse({ ...request, onClose: release });
}
