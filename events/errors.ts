import { MSG_VALIDATION } from '@shared/messages';

/** The stream moved on since the command read it. The API answers 409 with this message. */
export class ConcurrencyError extends Error {
  readonly status = 409;
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number | null,
  ) {
    super('El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.');
    this.name = 'ConcurrencyError';
  }
}

/** Some, but not all, of a command's event ids were already stored: a client bug, not a retry. */
export class DuplicateEventError extends Error {
  readonly status = 422;
  constructor(readonly streamId: string, detail: string) {
    super(`Eventos duplicados en ${streamId}: ${detail}`);
    this.name = 'DuplicateEventError';
  }
}

/** A decider refused a command: a business rule, with a Spanish message and optional field errors. */
export class CommandRejected extends Error {
  readonly status: number;
  constructor(
    message: string,
    readonly errors: Record<string, string> = {},
    status = 422,
    /** More of the reply beside msg and errors (a warning's `requiere_confirmacion`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CommandRejected';
    this.status = status;
  }
}

/** SICAM did not answer, or did not take, a call a user waits on: not a business refusal but the
 * outside system's state. HTTP 502 with the client's message, unless the seed fixes another status
 * (409 for a resend that did not reach SICAM, a status query it did not answer, or SICAM not
 * configured). */
export class SicamUnavailable extends CommandRejected {
  constructor(message: string, status = 502) {
    super(message, {}, status);
    this.name = 'SicamUnavailable';
  }
}

/** The command names a record that does not exist (HTTP 404): a domain refusal like any other. */
export class NotFound extends CommandRejected {
  constructor(message: string) {
    super(message, {}, 404);
    this.name = 'NotFound';
  }
}

/** The field errors of several streams' 422 refusals, gathered so that one command over many rows
 * answers for all of them in one 422 (any other refusal or error passes through). */
export class FieldRefusals {
  readonly errors: Record<string, string> = {};

  /** Runs `decide`; a 422 refusal's field errors are kept and false returned. */
  attempt(decide: () => void): boolean {
    try {
      decide();
      return true;
    } catch (e) {
      if (!(e instanceof CommandRejected) || e.status !== 422) throw e;
      Object.assign(this.errors, e.errors);
      return false;
    }
  }

  /** Keeps these field errors beside the others. */
  add(errors: Record<string, string>): void {
    Object.assign(this.errors, errors);
  }

  /** Refuses (422, `message`) with every field error gathered, if any. */
  refuseIfAny(message = MSG_VALIDATION): void {
    if (Object.keys(this.errors).length) throw new CommandRejected(message, this.errors, 422);
  }
}
