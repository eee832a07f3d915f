import { useEffect, useRef, useState } from 'react';
import { useAccounts } from '../../session/accounts';
import { socket, type LivePush } from './socket';

/** Live pushes for the current account: joins `topics` (stream types such as 'marca', records
 * such as 'marca:12', 'access') and calls `onPush(push)` on each push of one of them (the push
 * names its topic and, when an event caused it, the stream version and the writer's correlation
 * id). Returns `connected`: while false, pushes cannot arrive and screens should poll instead.
 * Changing the topics or the account re-subscribes; the latest `onPush` is always the one called. */
export function useLiveTopic(topics: string[], onPush: (push: LivePush) => void): { connected: boolean } {
  const { accounts: stored, current } = useAccounts();
  const token = stored.find((a) => a.id === current)?.token ?? null;
  const handler = useRef(onPush);
  const [connected, setConnected] = useState(false);
  // A stable key, so a new array with the same topics does not re-subscribe.
  const key = [...new Set(topics)].sort().join('\n');

  useEffect(() => {
    handler.current = onPush;
  });

  useEffect(() => {
    if (!token) return;
    const live = socket(token);
    const wanted = new Set(key ? key.split('\n') : []);
    const release = live.subscribe([...wanted]);
    const offPush = live.onPush((push) => {
      if (wanted.has(push.topic)) handler.current(push);
    });
    const sync = () => setConnected(live.connected());
    sync();
    const offStatus = live.onStatus(sync);
    return () => {
      release();
      offPush();
      offStatus();
    };
  }, [token, key]);

  return { connected: token !== null && connected };
}
