import { useState, type ReactNode } from 'react';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { ChangedBanner } from './ChangedBanner';
import { isOwnEcho } from './ownWrites';

/** The live refresh of a paged list (docs/ARCHITECTURE.md, live updates): a push on `topics`
 * offers 'Actualizar' instead of moving rows under the cursor, except the echo of the user's own
 * write, which refreshes at once. Returns the banner to place above the table (null when there is
 * nothing new). */
export function useLiveChanges(topics: string[], refetch: () => unknown, message?: string): ReactNode {
  const [changed, setChanged] = useState(false);
  useLiveTopic(topics, () => {
    if (isOwnEcho()) void refetch();
    else setChanged(true);
  });
  if (!changed) return null;
  return (
    <ChangedBanner
      message={message}
      onRefresh={() => {
        setChanged(false);
        void refetch();
      }}
    />
  );
}
