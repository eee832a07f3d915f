import { ApiFailure } from './envelope';

/** TanStack Query's retry rule for the app: a refusal by the server (4xx: no right, not found,
 * invalid filter) is final and shows at once; a network failure (status 0) or a server error
 * (5xx) is tried again, up to three times. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return false;
  return failures < 3;
}
