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

export const SESSION_EXPIRED = 'session_expired';
export const FORBIDDEN = 'No tiene permiso para realizar esta acción';
export const VALIDATION_FAILED = 'Revise los datos ingresados';
export const NOT_FOUND = 'No se encontró el registro';
