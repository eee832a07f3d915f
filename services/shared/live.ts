import type { Sql } from 'postgres';
import type { Server } from 'socket.io';
import type { LivePush, Publish } from '../../projections/types';

export const LIVE_CHANNEL = 'faena_live';
const MAX_PAYLOAD = 7000;

/** Publishes pushes to every API process through NOTIFY (after commit, outside transactions),
 * in chunks below PostgreSQL's 8 kB payload limit. */
export function createPublisher(sql: Sql): Publish {
  return (pushes) => {
    let chunk: LivePush[] = [];
    let size = 0;
    const flush = () => {
      if (!chunk.length) return;
      sql.notify(LIVE_CHANNEL, JSON.stringify({ pushes: chunk, at: Date.now() })).catch(() => {});
      chunk = [];
      size = 0;
    };
    for (const push of pushes) {
      const length = JSON.stringify(push).length + 1;
      if (size + length > MAX_PAYLOAD) flush();
      chunk.push(push);
      size += length;
    }
    flush();
  };
}

export function topicRoom(topic: string) {
  return `topic:${topic}`;
}

/** Every API process LISTENs and relays pushes to its socket.io rooms, so a change made through
 * one process reaches clients connected to any other. Clients receive `live` with the push object
 * `{ topic, version?, correlationId? }`. */
export async function bridgeLiveToSockets(sql: Sql, io: Server) {
  const listener = await sql.listen(LIVE_CHANNEL, (payload) => {
    let message: { pushes?: LivePush[] };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const push of message.pushes ?? []) {
      if (typeof push?.topic !== 'string') continue;
      const { topic } = push;
      // A closed session: its sockets, on whichever process they are, are disconnected.
      if (topic.startsWith('session_closed:')) io.in(`session:${topic.slice('session_closed:'.length)}`).disconnectSockets(true);
      else io.to(topicRoom(topic)).emit('live', push);
    }
  });
  return () => listener.unlisten();
}
