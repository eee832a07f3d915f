import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '../events/types';

export type { InlineProjection } from '../events/store';

/** One live push. `topic` names a socket.io room (`marca`, `marca:12`, `access`). A push caused
 * by an event also carries the stream `version` that event reached and the `correlationId` of the
 * request that wrote it (the `x-correlation-id` header): a client knows its own echo by it, and an
 * open editor compares versions instead of reading the record again. */
export type LivePush = { topic: string; version?: number; correlationId?: string };

/** Publishes live pushes after commit; see services/shared/live.ts. */
export type Publish = (pushes: LivePush[]) => void;

/** Runs behind the log in its own process (services/projector), exactly once per event thanks to
 * a compare-and-set checkpoint written in the same transaction as its tables. */
export type AsyncProjection = {
  name: string;
  handles(event: RecordedEvent): boolean;
  apply(tx: TransactionSql, events: RecordedEvent[]): Promise<void>;
  reset(tx: TransactionSql): Promise<void>;
  /** After the batch committed: live pushes. Never inside the transaction. */
  afterCommit?(events: RecordedEvent[], publish: Publish): void;
  batchSize?: number;
};
