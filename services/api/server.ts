import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Server, type Socket } from 'socket.io';
import { bridgeLiveToSockets, topicRoom } from '../shared/live';
import { createApp } from './app';
import type { ApiDeps } from './platform/deps';
import { topicAllowed } from './live/topic-allowed';
import { loadPrincipal } from './platform/principal';

export type ApiServer = { port: number; io: Server; close(): Promise<void> };

export type ApiServerOptions = { deps: ApiDeps; webDir: string; port: number; host?: string };

/** Longest timer Node keeps (about 24.8 days); a session never lasts that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Hono on @hono/node-server with socket.io on the same HTTP server, one port for everything.
 * Sockets authenticate with the session token and are dropped when the session expires; a closed
 * session's sockets are disconnected (live bridge). A socket follows only the topics its user may
 * read now (live/topic-allowed.ts), checked against the session's current rights on every
 * subscribe. */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const { deps } = options;
  const app = createApp(options);
  const server = await new Promise<HttpServer>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s as HttpServer));
  });
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  const tokenOf = (socket: Socket) => (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '');
  const admit = async (socket: Socket) => {
    const principal = await loadPrincipal(deps.sql, tokenOf(socket), deps.now()).catch(() => null);
    if (!principal) throw new Error('session_expired');
    socket.data.userId = principal.userId;
    socket.data.sessionId = principal.sessionId;
    socket.data.expiresAt = principal.expiresAt.getTime();
    await socket.join([`session:${principal.sessionId}`, topicRoom(`notifications:user:${principal.userId}`)]);
  };
  io.use((socket, next) => {
    admit(socket).then(() => next(), (e: unknown) => next(e instanceof Error ? e : new Error(String(e))));
  });
  io.on('connection', (socket) => {
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, socket.data.expiresAt - deps.now().getTime())));
    socket.on('disconnect', () => clearTimeout(expiry));
    socket.on('subscribe', async (topics: unknown) => {
      if (!Array.isArray(topics)) return;
      const asked = [...new Set(topics.filter((t): t is string => typeof t === 'string' && t.length <= 100))].slice(0, 200);
      const principal = await loadPrincipal(deps.sql, tokenOf(socket), deps.now()).catch(() => null);
      if (!principal) return void socket.disconnect(true);
      const allowed: string[] = [];
      for (const topic of asked) if (await topicAllowed(deps, principal, topic).catch(() => false)) allowed.push(topic);
      if (socket.connected) await socket.join(allowed.map(topicRoom));
    });
    socket.on('unsubscribe', (topics: unknown) => {
      // Leaving only rooms of topics: the socket's own private rooms are not topics it can name.
      if (Array.isArray(topics)) for (const t of topics) if (typeof t === 'string' && !t.startsWith('notifications:')) void socket.leave(topicRoom(t));
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
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      server.closeAllConnections?.();
    },
  };
}
