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
  ) {
    super(message);
    this.name = 'CommandRejected';
    this.status = status;
  }
}

/** SICAM did not answer a call a user waits on (HTTP 502, with the client's message): not a
 * business refusal, SICAM's unavailability. */
export class SicamUnavailable extends CommandRejected {
  constructor(message: string) {
    super(message, {}, 502);
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
