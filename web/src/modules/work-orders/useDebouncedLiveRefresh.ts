import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLiveTopic } from '../../shell/live/useLiveTopic';

/** Pushes wait this long, so a burst (a save is several events) refreshes once. */
const DEBOUNCE_MS = 300;
/** Without a socket no push can arrive: the screen polls instead. */
const POLL_MS = 30_000;

/** Live refresh of work-order screens: a push on one of `topics` invalidates `keys` after a short
 * pause (STYLE 9: live events invalidate, debounced). The work-order list and board refresh in
 * place rather than offering a banner: a supervisor watches them for orders to appear and close.
 * While the socket is down the keys are refreshed every 30 s instead. Returns a function that
 * refreshes at once (after the user's own action). */
export function useDebouncedLiveRefresh(topics: string[], keys: QueryKey[]): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const serialized = JSON.stringify(keys);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    for (const queryKey of JSON.parse(serialized) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, serialized]);

  useEffect(() => () => clearTimeout(timer.current), []);
  const { connected } = useLiveTopic(topics, () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, DEBOUNCE_MS);
  });
  useEffect(() => {
    if (connected) return;
    const poll = setInterval(refresh, POLL_MS);
    return () => clearInterval(poll);
  }, [connected, refresh]);
  return refresh;
}
