import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Locator, Page } from 'playwright-core';
import type { Sql } from 'postgres';
import { projectRoot } from '../../services/shared/config';

const ROUTES_DIR = join(projectRoot, 'web/src/routes');

/** A screen of the web route table: its route id (as in `createFileRoute`) and its parameters. */
export type ScreenRoute = { id: string; params: string[]; signedIn: boolean };

/** Where the walk is, and what it just opened there (a dialog, a menu item's page…). */
export type ScreenStop = { path: string; opened: string | null };

export type VisitOptions = {
  /** A value for each route parameter (`$id`, `$token`…). Default for `$id`: the first row of the
   * list the route sits under (`/obras_/$id/editar` → `GET /api/obras`). */
  param?: (route: ScreenRoute, name: string) => Promise<string | undefined>;
  /** Called on every screen and every dialog opened, with the page settled (a later check, e.g.
   * accessibility, plugs in here). */
  atStop?: (page: Page, stop: ScreenStop) => Promise<void>;
  /** Row-menu items not to open (destructive ones are never opened). */
  skipItems?: RegExp;
};

/** Row-menu items that change data: opened by no walk. */
const DESTRUCTIVE = /eliminar|desactivar|activar|cancelar|iniciar sesión|cerrar sesión|anular|restaurar|pdf|exportar|replicar/i;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : []));
}

/** Every screen of the web route table, read from the route files themselves (a new screen is
 * walked without touching the walk): the `_app` ones are signed-in screens; layouts and the
 * catch-all are not screens. */
export function screenRoutes(): ScreenRoute[] {
  const out: ScreenRoute[] = [];
  for (const file of routeFiles(ROUTES_DIR)) {
    const id = /createFileRoute\('([^']+)'\)/.exec(readFileSync(file, 'utf8'))?.[1];
    if (!id || id === '/_app' || id.endsWith('/$')) continue;
    const params = [...id.matchAll(/\$([A-Za-z_]+)/g)].map((m) => m[1]);
    out.push({ id, params, signedIn: id.startsWith('/_app') });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** The address of a route id: no `_app` layout segment, no trailing `_` (TanStack's "not nested"
 * mark), parameters filled in. */
export function screenPath(route: ScreenRoute, values: Record<string, string>): string {
  const path = route.id
    .replace(/^\/_app/, '')
    .split('/')
    .map((segment) => (segment.startsWith('$') ? encodeURIComponent(values[segment.slice(1)]) : segment.replace(/_$/, '')))
    .join('/')
    .replace(/\/$/, '');
  return path || '/';
}

/** Console errors, uncaught exceptions and CSP violations of a page, as lines. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  // Injected by the browser's debugging protocol, before the page's own scripts and outside its CSP.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: uncaught ${e.message}`));
  return errors;
}

const inFlight = new WeakMap<Page, { count: number; last: number }>();

/** Counts the page's requests in flight (fetches and documents; the socket is not one). */
function trackRequests(page: Page) {
  if (inFlight.has(page)) return inFlight.get(page)!;
  const state = { count: 0, last: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.count++;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/** Waits until the screen has stopped loading: no request in flight for 300 ms (10 s at most),
 * and no list or form busy indicator. */
export async function settle(page: Page): Promise<void> {
  const state = trackRequests(page);
  const until = Date.now() + 10_000;
  while (Date.now() < until && (state.count > 0 || Date.now() - state.last < 300)) await page.waitForTimeout(50);
  await page.locator('[aria-busy="true"], [role="progressbar"][aria-label="Cargando"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
}

async function visible(locator: Locator): Promise<Locator | null> {
  const first = locator.first();
  return (await first.count()) && (await first.isVisible()) ? first : null;
}

/** Opens something (a dialog, a page) with `open`, lets `atStop` look at it, and comes back to
 * `path`: the dialog closed with Escape, or the browser back at the screen. */
async function openAndReturn(page: Page, path: string, what: string, open: () => Promise<void>, options: VisitOptions, stops: ScreenStop[]) {
  const before = page.url();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  const open0 = await dialog.count();
  await open();
  // Opened: a dialog more than before, or another address.
  for (let i = 0; i < 50 && (await dialog.count()) <= open0 && page.url() === before; i++) await page.waitForTimeout(50);
  await settle(page);
  const stop = { path, opened: what };
  stops.push(stop);
  await options.atStop?.(page, stop);
  if (page.url() !== before) {
    await page.goBack();
    await page.waitForURL(before, { timeout: 5_000 }).catch(() => page.goto(before));
    await settle(page);
  }
  for (let i = 0; i < 3 && (await dialog.count()) > open0; i++) {
    await page.keyboard.press('Escape');
    for (let j = 0; j < 40 && (await dialog.count()) > open0; j++) await page.waitForTimeout(50);
  }
}

/**
 * Visits every screen of the web route table in one signed-in page: each screen; its 'Nuevo'
 * dialog or page; the first row's record dialogs (every row-menu item that changes nothing:
 * 'Editar', 'Documentos'…); the shell's panels. Returns where it stopped, in order.
 */
export async function visitEveryScreen(page: Page, baseUrl: string, options: VisitOptions = {}): Promise<ScreenStop[]> {
  const stops: ScreenStop[] = [];
  for (const route of screenRoutes().filter((r) => r.signedIn)) {
    const values: Record<string, string> = {};
    for (const name of route.params) {
      const value = (await options.param?.(route, name)) ?? (name === 'id' ? await firstRowId(page, baseUrl, route) : undefined);
      if (value === undefined) throw new Error(`no value for ${name} of ${route.id}`);
      values[name] = value;
    }
    const path = screenPath(route, values);
    trackRequests(page);
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    const stop = { path, opened: null };
    stops.push(stop);
    await options.atStop?.(page, stop);

    const create = await visible(page.getByRole('button', { name: /^Nuev[oa]\b/ }));
    if (create) await openAndReturn(page, path, 'Nuevo', () => create.click(), options, stops);

    const rowMenu = await visible(page.getByRole('table').getByRole('button', { name: /^Acciones/ }));
    if (rowMenu) {
      await rowMenu.click();
      const items = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter((t) => t && !DESTRUCTIVE.test(t) && !options.skipItems?.test(t));
      await page.keyboard.press('Escape');
      for (const item of items) {
        await openAndReturn(page, path, item, async () => {
          await (await visible(page.getByRole('table').getByRole('button', { name: /^Acciones/ })))?.click();
          await page.getByRole('menuitem', { name: item, exact: true }).click();
        }, options, stops);
      }
    }
  }
  // The shell's own panels, over the home screen.
  await page.goto(`${baseUrl}/`);
  await settle(page);
  for (const name of SHELL_PANELS) {
    const button = await visible(page.getByRole('button', { name }));
    if (button) await openAndReturn(page, '/', String(name), () => button.click(), options, stops);
  }
  return stops;
}

/** The toolbar's buttons that open panels: theme settings, notifications, menu search. */
const SHELL_PANELS = ['Configuración del tema', /^Notificaciones/, 'Buscar en el menú (Ctrl+K)'];

/** The walk's `param` for the screens every test visits: a replica is made from a closed order
 * that has none yet (`sql` reads it from the read model). */
export function replicaParam(sql: Sql): NonNullable<VisitOptions['param']> {
  return async (route, name) => {
    if (route.id.endsWith('/replicar') && name === 'id') {
      const [row] = await sql<{ id: number }[]>`SELECT id FROM rm_ordenes_trabajo WHERE estado = 3 AND id_replica IS NULL ORDER BY id LIMIT 1`;
      return String(row.id);
    }
    return undefined;
  };
}

/** The first row's id of the list a parameterised route sits under (`/x_/$id/…` → `GET /api/x`). */
export async function firstRowId(page: Page, baseUrl: string, route: ScreenRoute): Promise<string | undefined> {
  const list = route.id.replace(/^\/_app/, '').split('/$')[0].replace(/_$/, '');
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      const m = /"token":"([^"]+)"/.exec(value);
      if (m) return m[1];
    }
    return null;
  });
  const res = await fetch(`${baseUrl}/api${list}?limit=1`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json()) as { items?: { id: number }[] };
  const id = body.items?.[0]?.id;
  return id === undefined ? undefined : String(id);
}
