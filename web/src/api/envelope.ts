import { DEFAULT_ERROR, type Envelope } from '@shared/envelope';

// The envelope, its messages and fieldErrors are defined once for server and web
// (shared/envelope.ts); the web's calls import them from here, beside ApiFailure.
export { DEFAULT_ERROR, fieldErrors, SESSION_EXPIRED, type Envelope } from '@shared/envelope';

/** A failed call, thrown for TanStack Query; carries the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope,
  ) {
    super(envelope.msg || DEFAULT_ERROR);
    this.name = 'ApiFailure';
  }
}
