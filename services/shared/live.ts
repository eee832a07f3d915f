import type { Sql } from 'postgres';
import type { Server } from 'socket.io';

export const LIVE_CHANNEL = 'faena_live';
const MAX_PAYLOAD = 7000;

/** Publishes topics to every API process through NOTIFY (after commit, outside transactions). */
export function createPublisher(sql: Sql) {
  return (topics: string[]) => {
    let chunk: string[] = [];
    let size = 0;
    const flush = () => {
      if (!chunk.length) return;
      sql.notify(LIVE_CHANNEL, JSON.stringify({ topics: chunk, at: Date.now() })).catch(() => {});
      chunk = [];
      size = 0;
    };
    for (const t of topics) {
      if (size + t.length + 3 > MAX_PAYLOAD) flush();
      chunk.push(t);
      size += t.length + 3;
    }
    flush();
  };
}

export function topicRoom(topic: string) {
  return `topic:${topic}`;
}

/** Every API process LISTENs and relays topics to its socket.io rooms, so a change made through
 * one process reaches clients connected to any other. Clients receive `live` with `{ topic }`. */
export async function bridgeLiveToSockets(sql: Sql, io: Server) {
  const listener = await sql.listen(LIVE_CHANNEL, (payload) => {
    let message: { topics: string[] };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const topic of message.topics) {
      // A closed session: its sockets, on whichever process they are, are disconnected.
      if (topic.startsWith('session_closed:')) io.in(`session:${topic.slice('session_closed:'.length)}`).disconnectSockets(true);
      else io.to(topicRoom(topic)).emit('live', { topic });
    }
  });
  return () => listener.unlisten();
}
