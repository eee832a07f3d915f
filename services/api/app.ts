import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Sql } from 'postgres';
import type { EventStore } from '../../events/store';
import type { Logger } from '../shared/logger';

export type AppDeps = { sql: Sql; store: EventStore; log: Logger; webDir: string };

/** The HTTP application: the API under /api and the built web app for every other path. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  const api = new Hono();

  api.get('/health', async (c) => {
    await deps.sql`SELECT 1`;
    return c.json({ ok: true, msg: '', errors: {} });
  });
  api.all('*', (c) => c.json({ ok: false, msg: 'Ruta no encontrada', errors: {} }, 404));
  app.route('/api', api);

  if (existsSync(deps.webDir)) {
    app.use('/*', serveStatic({ root: deps.webDir }));
    const indexFile = join(deps.webDir, 'index.html');
    // Client-side routes (/login, /ordenes_trabajo/12/editar…) all load the single page app.
    app.get('*', (c) => (existsSync(indexFile) ? c.html(readFileSync(indexFile, 'utf8')) : c.notFound()));
  }
  return app;
}
