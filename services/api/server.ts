import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Server } from 'socket.io';
import { bridgeLiveToSockets, topicRoom } from '../shared/live';
import { createApp } from './app';
import type { ApiDeps } from './platform/deps';
import { loadPrincipal } from './platform/principal';

export type ApiServer = { port: number; io: Server; close(): Promise<void> };

export type ApiServerOptions = { deps: ApiDeps; webDir: string; port: number; host?: string };

/** Topics a client may not join itself: its own private rooms are joined on connect. */
function isPrivateTopic(topic: string) {
  return topic.startsWith('notifications:') || topic.startsWith('session') || topic.startsWith('notification');
}

/** Hono on @hono/node-server with socket.io on the same HTTP server, one port for everything.
 * Sockets authenticate with the session token; a closed session's sockets are disconnected. */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const { deps } = options;
  const app = createApp(options);
  const server = await new Promise<HttpServer>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s as HttpServer));
  });
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const principal = await loadPrincipal(deps.sql, token, deps.now()).catch(() => null);
    if (!principal) return next(new Error('session_expired'));
    socket.data.userId = principal.userId;
    socket.data.sessionId = principal.sessionId;
    await socket.join([`session:${principal.sessionId}`, topicRoom(`notifications:user:${principal.userId}`)]);
    next();
  });
  io.on('connection', (socket) => {
    socket.on('subscribe', (topics: unknown) => {
      if (!Array.isArray(topics)) return;
      const allowed = topics.filter((t): t is string => typeof t === 'string' && t.length <= 100 && !isPrivateTopic(t)).slice(0, 10_000);
      void socket.join(allowed.map(topicRoom));
    });
    socket.on('unsubscribe', (topics: unknown) => {
      if (Array.isArray(topics)) for (const t of topics) if (typeof t === 'string') void socket.leave(topicRoom(t));
    });
  });
  const stopBridge = await bridgeLiveToSockets(deps.sql, io);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    io,
    async close() {
      await stopBridge().catch(() => {});
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}
