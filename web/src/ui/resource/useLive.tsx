import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { isOwnWrite } from '../../api/ownWrites';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { ChangedBanner } from '../list/ChangedBanner';
import type { LiveMode } from './defineResource';

/** Pushes wait this long, so a burst (a save is several events, a batch several records)
 * refreshes once. */
const DEBOUNCE_MS = 300;
/** Without a socket no push can arrive: `auto` screens poll instead. */
const POLL_MS = 30_000;

type Options = {
  topics: string[];
  /** What a push makes stale. */
  keys: QueryKey[];
  mode: LiveMode;
  /** The banner's sentence. */
  message?: string;
  /** While true, pushes wait (a drag in progress); the refresh happens when it turns false. */
  hold?: boolean;
};

/** The one live hook (STYLE 9; refine's useResourceSubscription): a push on `topics` invalidates
 * `keys`, never patches rows. Rules:
 * - `auto`: every push refreshes, debounced; while the socket is down the keys are refreshed every
 *   30 s instead;
 * - `banner`: the echo of this browser's own write (its correlation id, api/ownWrites) refreshes
 *   at once; anyone else's change raises the 'Actualizar' banner instead of moving rows under the
 *   cursor, and the banner's button refreshes;
 * - `hold` defers everything until it is released.
 * Returns the banner (null when there is nothing new) and `refresh()` for the screen's own use. */
export function useLive({ topics, keys, mode, message, hold = false }: Options): { banner: ReactNode; refresh: () => void } {
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const held = useRef(false);
  const serialized = JSON.stringify(keys);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    for (const queryKey of JSON.parse(serialized) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, serialized]);

  const soon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, DEBOUNCE_MS);
  }, [refresh]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const { connected } = useLiveTopic(topics, (push) => {
    if (hold) {
      held.current = true;
      return;
    }
    if (mode === 'auto' || isOwnWrite(push.correlationId)) soon();
    else setChanged(true);
  });

  useEffect(() => {
    if (hold || !held.current) return;
    held.current = false;
    soon();
  }, [hold, soon]);

  useEffect(() => {
    if (mode !== 'auto' || connected) return;
    const poll = setInterval(refresh, POLL_MS);
    return () => clearInterval(poll);
  }, [mode, connected, refresh]);

  const banner = changed ? (
    <ChangedBanner
      message={message}
      onRefresh={() => {
        setChanged(false);
        refresh();
      }}
    />
  ) : null;
  return { banner, refresh };
}
