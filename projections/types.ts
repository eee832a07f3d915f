import type { TransactionSql } from 'postgres';
import type { LivePush } from '@shared/live';
import type { RecordedEvent } from '../events/types';

export type { InlineProjection } from '../events/store';

export type { LivePush };

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
