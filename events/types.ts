/** Who did what, from where: carried by every event (ARCHITECTURE.md, "Metadata"). */
export type EventMetadata = {
  /** The acting user (the impersonated one while acting through 'login as'). */
  userId: number | null;
  /** The real user behind a 'login as' session; null otherwise. */
  originalUserId: number | null;
  sessionId: string | null;
  correlationId: string;
  causationId: string | null;
  requestId: string | null;
  /** The deterministic command id the events were stored under (an Idempotency-Key, a reactor's
   * event-derived id), when the command had one. */
  commandId?: string;
};

export type Event<Type extends string = string, Data extends Record<string, unknown> = Record<string, unknown>> = {
  type: Type;
  data: Data;
};

export type NewEvent<E extends Event = Event> = E & {
  id?: string;
  schemaVersion?: number;
  occurredAt?: Date;
  metadata?: Partial<EventMetadata>;
};

export type RecordedEvent<E extends Event = Event> = E & {
  id: string;
  globalPosition: number;
  transactionId: string;
  streamId: string;
  streamType: string;
  version: number;
  schemaVersion: number;
  metadata: EventMetadata & Record<string, unknown>;
  occurredAt: Date;
  recordedAt: Date;
};

/** 'no_stream': the stream must not exist yet; 'stream_exists': it must; a number: it must be at
 * exactly that version (0 is the same as 'no_stream'); 'any': no check. */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

/** A position in the log in commit order: (transaction id, global position). */
export type LogPosition = { transactionId: string; globalPosition: number };

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: 0 };
