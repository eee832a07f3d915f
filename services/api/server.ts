import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import type { Sql } from 'postgres';
import { Server } from 'socket.io';
import type { EventStore } from '../../events/store';
import { bridgeLiveToSockets, topicRoom } from '../shared/live';
import type { Logger } from '../shared/logger';
import { createApp } from './app';

export type ApiServer = { port: number; io: Server; close(): Promise<void> };

export type ApiServerOptions = { sql: Sql; store: EventStore; log: Logger; webDir: string; port: number; host?: string };

/** Hono on @hono/node-server with socket.io on the same HTTP server, one port for everything. */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const app = createApp(options);
  const server = await new Promise<HttpServer>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s as HttpServer));
  });
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  io.on('connection', (socket) => {
    socket.on('subscribe', (topics: unknown) => {
      if (Array.isArray(topics)) for (const t of topics) if (typeof t === 'string') void socket.join(topicRoom(t));
    });
    socket.on('unsubscribe', (topics: unknown) => {
      if (Array.isArray(topics)) for (const t of topics) if (typeof t === 'string') void socket.leave(topicRoom(t));
    });
  });
  const stopBridge = await bridgeLiveToSockets(options.sql, io);
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
