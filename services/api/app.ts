import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { errorEnvelope } from './platform/envelope';
import type { ApiDeps } from './platform/deps';
import { mountRoutes } from './platform/mount-routes';
import { securityHeaders } from './platform/security-headers';
import type { AnyRoute } from './platform/route';
import { allRoutes } from './routes';
import { mountApiReference } from './reference/api-reference';

export type AppOptions = { deps: ApiDeps; webDir: string; routes?: AnyRoute[] };

/** The HTTP application: the API under /api (the spec's call paths) and the built web app for
 * every other path, all with the security headers. */
export function createApp({ deps, webDir, routes = allRoutes() }: AppOptions) {
  const app = new Hono();
  app.use('*', securityHeaders());
  const api = new Hono();
  mountRoutes(api, routes, deps);
  mountApiReference(api);
  api.all('*', (c) => c.json(errorEnvelope('Ruta no encontrada'), 404));
  app.route('/api', api);

  if (existsSync(webDir)) {
    app.use('/*', serveStatic({ root: webDir }));
    const indexFile = join(webDir, 'index.html');
    // Client-side routes (/login, /ordenes_trabajo/12/editar…) all load the single page app.
    app.get('*', (c) => (existsSync(indexFile) ? c.html(readFileSync(indexFile, 'utf8')) : c.notFound()));
  }
  return app;
}
