import { useEffect, useRef, useState } from 'react';
import { useAccounts } from '../../session/accounts';
import { socket } from './socket';

/** Live pushes for the current account: joins `topics` (stream types such as 'marca', records
 * such as 'marca:12', 'access') and calls `onTopic(topic)` on each push of one of them. Returns
 * `connected`: while false, pushes cannot arrive and screens should poll instead. Changing the
 * topics or the account re-subscribes; the latest `onTopic` is always the one called. */
export function useLiveTopic(topics: string[], onTopic: (topic: string) => void): { connected: boolean } {
  const { accounts: stored, current } = useAccounts();
  const token = stored.find((a) => a.id === current)?.token ?? null;
  const handler = useRef(onTopic);
  const [connected, setConnected] = useState(false);
  // A stable key, so a new array with the same topics does not re-subscribe.
  const key = [...new Set(topics)].sort().join('\n');

  useEffect(() => {
    handler.current = onTopic;
  });

  useEffect(() => {
    if (!token) return;
    const live = socket(token);
    const wanted = new Set(key ? key.split('\n') : []);
    const release = live.subscribe([...wanted]);
    const offTopic = live.onTopic((topic) => {
      if (wanted.has(topic)) handler.current(topic);
    });
    const sync = () => setConnected(live.connected());
    sync();
    const offStatus = live.onStatus(sync);
    return () => {
      release();
      offTopic();
      offStatus();
    };
  }, [token, key]);

  return { connected: token !== null && connected };
}
