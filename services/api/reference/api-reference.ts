import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { projectRoot } from '../../shared/config';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Scalar's standalone bundle, served from the installed package (no CDN: the page's policy allows
 * its own scripts only). */
function scalarBundle(): string {
  // The package exports no path to its browser build: read it from the installed package.
  return readFileSync(join(projectRoot, 'node_modules/@scalar/api-reference/dist/browser/standalone.js'), 'utf8');
}

const PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Faena API</title>
<link rel="stylesheet" href="/api/docs/reference.css">
</head>
<body>
<div id="app" class="signin"><p>Cargando la referencia de la API…</p></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

const CSS = `.signin { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; color: #1f2937; }
.signin a { display: inline-block; margin-top: .5rem; padding: .5rem 1rem; background: #1d4ed8; color: #fff; border-radius: .375rem; text-decoration: none; }
`;

/** The interactive API reference (GET /api/docs): a page and its two scripts, all files (no
 * inline script). The page itself is public; what it shows is the OpenAPI document, which only a
 * signed-in user's token opens (docs/DECISIONS.md, "API reference"). */
export function mountApiReference(api: Hono) {
  let bundle: string | null = null;
  const script = readFileSync(`${here}reference.js`, 'utf8');
  const js = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' };
  api.get('/docs', (c) => c.html(PAGE));
  api.get('/docs/reference.css', (c) => c.body(CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
  api.get('/docs/reference.js', (c) => c.body(script, 200, js));
  api.get('/docs/scalar.js', (c) => c.body((bundle ??= scalarBundle()), 200, js));
}
