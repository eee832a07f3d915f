import { io, type Socket } from 'socket.io-client';
import type { LivePush } from '@shared/live';

export type { LivePush };

/** One live connection (docs/ARCHITECTURE.md, "Sockets"): topics are reference counted, so two
 * screens watching the same topic share one room and the room is left only when both let go. */
export type LiveSocket = {
  /** Joins topics; the returned function releases them. */
  subscribe(topics: string[]): () => void;
  /** Every `live` push `{ topic, version?, correlationId? }` of a joined room. */
  onPush(listener: (push: LivePush) => void): () => void;
  connected(): boolean;
  /** Called on connect and disconnect. */
  onStatus(listener: () => void): () => void;
  close(): void;
};

/** The server joins a socket to its private rooms (its user's notifications, its session) on
 * connect and refuses them in `subscribe`; they are never sent, so an `unsubscribe` can never
 * make the socket leave its own notifications room. */
const isPrivate = (topic: string) => topic.startsWith('notification') || topic.startsWith('session');

function open(token: string): LiveSocket {
  // Same origin, websocket only (the dev server proxies /socket.io to the API).
  const s: Socket = io({ auth: { token }, transports: ['websocket'] });
  const counts = new Map<string, number>();
  const pushListeners = new Set<(push: LivePush) => void>();
  const statusListeners = new Set<() => void>();
  const status = () => {
    for (const l of statusListeners) l();
  };

  s.on('connect', () => {
    // Rooms live on the server-side socket: a reconnect starts empty, so join them again.
    const joined = [...counts.keys()].filter((t) => !isPrivate(t));
    if (joined.length) s.emit('subscribe', joined);
    status();
  });
  s.on('disconnect', status);
  s.on('connect_error', status);
  s.on('live', (push: { topic?: unknown; version?: unknown; correlationId?: unknown }) => {
    if (typeof push?.topic !== 'string') return;
    const clean: LivePush = {
      topic: push.topic,
      ...(typeof push.version === 'number' ? { version: push.version } : {}),
      ...(typeof push.correlationId === 'string' ? { correlationId: push.correlationId } : {}),
    };
    for (const l of pushListeners) l(clean);
  });

  return {
    subscribe(topics) {
      const fresh: string[] = [];
      for (const t of new Set(topics)) {
        const n = counts.get(t) ?? 0;
        counts.set(t, n + 1);
        if (n === 0 && !isPrivate(t)) fresh.push(t);
      }
      if (fresh.length && s.connected) s.emit('subscribe', fresh);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const gone: string[] = [];
        for (const t of new Set(topics)) {
          const n = (counts.get(t) ?? 1) - 1;
          if (n > 0) counts.set(t, n);
          else {
            counts.delete(t);
            if (!isPrivate(t)) gone.push(t);
          }
        }
        if (gone.length && s.connected) s.emit('unsubscribe', gone);
      };
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    connected: () => s.connected,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      s.removeAllListeners();
      s.disconnect();
      status();
    },
  };
}

const sockets = new Map<string, LiveSocket>();

/** The socket of a session token: one per token, and only the asked-for (current) account's
 * stays open — asking for another token closes the previous ones (account switch). */
export function socket(token: string): LiveSocket {
  const existing = sockets.get(token);
  if (existing) return existing;
  for (const other of [...sockets.keys()]) dropSocket(other);
  const created = open(token);
  sockets.set(token, created);
  return created;
}

/** Closes a token's socket (logout, removed account); no-op when there is none. */
export function dropSocket(token: string): void {
  const existing = sockets.get(token);
  if (!existing) return;
  sockets.delete(token);
  existing.close();
}
