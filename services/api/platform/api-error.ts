export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500;

/** A refusal the route wants the caller to see: status, Spanish message, field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The route-level names of the shared messages (one wording on both sides: shared/messages.ts).
export { SESSION_EXPIRED } from '@shared/envelope';
export { MSG_FORBIDDEN as FORBIDDEN, MSG_NOT_FOUND as NOT_FOUND, MSG_VALIDATION as VALIDATION_FAILED } from '@shared/messages';
