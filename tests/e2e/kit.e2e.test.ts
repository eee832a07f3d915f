import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createRecord, updateRecord } from '../../events/record/commands';
import { projectRoot } from '../../services/shared/config';
import { openMenu, useE2e } from '../harness/e2e';

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

/** The demo brands the list shows (the demo catalogue grows; the test follows it). */
async function brandCount(): Promise<number> {
  const [{ n }] = await e2e.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_marcas`;
  return n;
}

/** The demonstration list, signed in as the administrator. */
async function adminOnBrands() {
  const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/example' });
  await page.getByRole('table', { name: 'Marcas' }).waitFor();
  return { context, page };
}

function params(url: string) {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

describe('the UI kit on the demonstration list (real Chromium)', () => {
  it('filters, sort and page round-trip through the URL; reload keeps them; back and forward work', async () => {
    const { context, page } = await adminOnBrands();
    // Ten a page (the default is 15): the brands then take two pages.
    await page.getByLabel('Filas por página').selectOption('10');
    await page.waitForURL((u) => u.searchParams.get('limit') === '10');
    await page.getByRole('button', { name: /Nombre/ }).first().click(); // sort by name
    await page.waitForURL((u) => u.searchParams.get('order_col') === 'nombre');
    await page.getByRole('button', { name: /Nombre/ }).first().click(); // descending
    await page.waitForURL((u) => u.searchParams.get('order_dir') === 'desc');
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const before = params(page.url());
    expect(before).toMatchObject({ order_col: 'nombre', order_dir: 'desc', page: '2', limit: '10' });
    // Page 2 has arrived (the previous page's rows stay on screen while it loads).
    const brands = await brandCount();
    expect(brands).toBeGreaterThan(10);
    const secondPage = `11–${Math.min(20, brands)} de ${brands}`;
    await page.getByText(secondPage).first().waitFor();
    await page.getByRole('table', { name: 'Marcas' }).and(page.locator('[aria-busy="false"]')).waitFor();
    const rowsBefore = await page.getByRole('row').allInnerTexts();

    await page.reload();
    await page.getByText(secondPage).first().waitFor();
    await page.getByRole('table', { name: 'Marcas' }).and(page.locator('[aria-busy="false"]')).waitFor();
    expect(params(page.url())).toEqual(before);
    expect(await page.getByRole('row').allInnerTexts()).toEqual(rowsBefore);

    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    await page.goForward();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');

    // Free text applies after the pause and resets the page; the URL is the only store.
    await page.getByRole('searchbox', { name: 'Buscar' }).or(page.getByLabel('Buscar', { exact: true })).first().fill('kom');
    await page.waitForURL((u) => u.searchParams.get('query') === 'kom' && u.searchParams.get('page') === null, { timeout: 5000 });
    await page.getByRole('cell', { name: 'Komatsu' }).waitFor();
    await context.close();
  });

  it("date presets: 'Este año' writes both dates; 'Limpiar' removes them", async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/example' });
    await page.getByRole('button', { name: /Rango de fechas/ }).click();
    for (const preset of ['Hoy', 'Ayer', 'Últimos 7 días', 'Últimos 30 días', 'Últimos 6 meses', 'Esta semana', 'Semana pasada', 'Este mes', 'Mes pasado', 'Este año', 'Año pasado']) {
      await page.getByRole('button', { name: preset, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Este año', exact: true }).click();
    const year = new Date().getFullYear();
    await page.waitForURL((u) => u.searchParams.get('date_from') === `${year}-01-01` && u.searchParams.get('date_to') === `${year}-12-31`);
    await page.getByText(`de ${await brandCount()}`).first().waitFor(); // demo brands were created today
    await page.getByRole('button', { name: /01\/01\// }).click();
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await page.waitForURL((u) => !u.searchParams.has('date_from') && !u.searchParams.has('date_to'));
    await context.close();
  });

  it('export downloads a real xlsx with the same rows as the list', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/example?order_col=nombre&order_dir=asc&query=a' });
    await page.getByRole('table', { name: 'Marcas' }).waitFor();
    await openMenu(page, page.getByRole('button', { name: /Exportar/ }));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Excel/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^marcas_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as never);
    const names: string[] = [];
    book.worksheets[0].eachRow((row, n) => {
      if (n > 1) names.push(String((row.values as unknown[])[2]));
    });
    const expected = await e2e.sql`SELECT nombre FROM rm_marcas WHERE unaccent_lower(nombre) LIKE '%a%' ORDER BY nombre, id`;
    expect(names).toEqual(expected.map((r) => r.nombre));
    await context.close();
  });

  it("without the edit right there is no 'Nuevo' and no row actions", async () => {
    // Master data is the admin profile's; an administrator grants the asistente profile (9) the
    // sample screen and brands with see only.
    const perms = await e2e.sql<{ id_module: number; see: number; edit: number }[]>`SELECT id_module, see, edit FROM rm_role_permissions WHERE id_role = 9`;
    const extra = await e2e.sql<{ id: number }[]>`SELECT id FROM rm_modules WHERE url IN ('/example', '/marcas')`;
    await updateRecord(e2e.store, 'role', 9, { perms: [...perms.map((p) => ({ ...p })), ...extra.map((m) => ({ id_module: m.id, see: 1, edit: 0 }))] }, { metadata: { userId: null } });
    const { context, page } = await e2e.signIn('asistente@faena.pe'); // /marcas: see only
    await page.goto(`${e2e.baseUrl}/example`);
    await page.getByRole('table', { name: 'Marcas' }).waitFor();
    await page.getByRole('cell', { name: 'Caterpillar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Acciones' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Exportar/ }).count()).toBe(1); // export stays
    const { context: admin, page: adminPage } = await e2e.signIn('admin@faena.pe', { path: '/example' });
    await adminPage.getByRole('button', { name: 'Nuevo' }).waitFor();
    expect(await adminPage.getByRole('button', { name: 'Acciones' }).count()).toBeGreaterThan(5);
    await context.close();
    await admin.close();
  }, 120_000);

  it('a screen the user may not see, typed or bookmarked, sends them home with a notice (issue 13 §13)', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    let calls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/obras')) calls++;
    });
    await e2e.login(page, 'supervisor@faena.pe'); // the supervisor profile has no /obras right; home /ordenes_trabajo
    for (const address of ['/obras', '/obras/1/editar', '/marcas?page=2']) {
      await page.goto(`${e2e.baseUrl}${address}`);
      await page.waitForURL((u) => u.pathname === '/ordenes_trabajo', { timeout: 20_000 });
      await page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'No tiene permiso para ver esa pantalla' }).first().waitFor({ timeout: 20_000 });
      await page.getByRole('table', { name: 'Órdenes de trabajo' }).waitFor({ timeout: 20_000 });
    }
    expect(calls).toBe(0); // the forbidden screen never loaded
    // Following a link inside the app is guarded too; the profile and unknown addresses are not.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/users');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((u) => u.pathname === '/ordenes_trabajo', { timeout: 20_000 });
    await page.goto(`${e2e.baseUrl}/perfil/datos`);
    await page.getByRole('heading', { name: 'Perfil' }).waitFor({ timeout: 20_000 });
    await page.goto(`${e2e.baseUrl}/no-existe`);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/no-existe');
    await context.close();
  }, 120_000);

  it('FormDialog: 422 field errors under the field; unsaved-changes prompt on close, none after a successful save', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/example' });
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('heading', { name: 'Nueva marca' });
    await dialog.waitFor();
    await page.getByLabel('Nombre').fill('caterpillar');
    await page.keyboard.press('Enter'); // submit with the keyboard
    await page.getByText('Ya existe una marca con ese nombre', { exact: true }).waitFor(); // (the banner's link repeats it after the label)
    expect(await page.getByLabel('Nombre').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Revise los campos marcados').waitFor(); // the server msg on top
    await page.screenshot({ path: join(shots, 'form-dialog-errors-1366.png') });

    await page.keyboard.press('Escape'); // dirty: asks
    await page.getByText('Los datos que ha introducido se perderán.').waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).last().click();
    await dialog.waitFor(); // still open
    await page.getByLabel('Nombre').fill('Sany');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Los datos que ha introducido se perderán.').count()).toBe(0);
    await page.getByLabel('Buscar', { exact: true }).fill('sany');
    await page.getByRole('cell', { name: 'Sany' }).waitFor();
    await context.close();
  });

  it("another user's change offers 'Actualizar'; the user's own save refreshes the list without asking", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    // The live frames this page receives ('live' events naming a topic), to know when a push arrived.
    const frames: string[] = [];
    const sentFrames: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => void frames.push(String(f.payload)));
      ws.on('framesent', (f) => void sentFrames.push(String(f.payload)));
    });
    const marcaPushes = () => frames.filter((f) => f.includes('"live"') && f.includes('"topic":"marca')).length;
    const rendered = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/example?query=vivo`);
    await page.getByText('No hay contenido para mostrar.').waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'Hay registros nuevos o modificados.' });
    // The page has joined the brands' room (a push sent before that reaches nobody).
    await expect.poll(() => sentFrames.some((f) => f.includes('"subscribe"') && f.includes('"marca"'))).toBe(true);

    // Someone else adds a brand: the rows stay until the user asks.
    await createRecord(e2e.store, 'marca', { nombre: 'Marca en vivo ajena', estado: 1 }, { metadata: { userId: null, requestId: 'e2e' } });
    await banner.waitFor();
    expect(await page.getByRole('cell', { name: 'Marca en vivo ajena' }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByRole('cell', { name: 'Marca en vivo ajena' }).waitFor();
    await banner.waitFor({ state: 'detached' });

    // The other user's push carried a correlation id this browser never sent.
    expect(frames.some((f) => f.includes('"topic":"marca') && f.includes('"correlationId"'))).toBe(true);

    // The user's own save: its live echo, known by the correlation id the save sent, refreshes the
    // list and offers nothing.
    const before = marcaPushes();
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/marcas/create');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('heading', { name: 'Nueva marca' }).waitFor();
    await page.getByLabel('Nombre').fill('Marca en vivo propia');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const correlationId = (await sent).headers()['x-correlation-id'];
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('cell', { name: 'Marca en vivo propia' }).waitFor();
    await expect.poll(marcaPushes).toBeGreaterThan(before); // the echo has arrived…
    expect(frames.slice(before).some((f) => f.includes(`"correlationId":"${correlationId}"`))).toBe(true);
    await rendered(); // …and the page has drawn what it made of it
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('a save sends an Idempotency-Key and a correlation id, and a submit retried after a network failure reuses them', async () => {
    const { context, page } = await adminOnBrands();
    const saves: Record<string, string>[] = [];
    // The first save never reaches the server (the network drops it); later ones go through.
    await page.route('**/api/marcas/create', async (route) => {
      saves.push(route.request().headers());
      if (saves.length === 1) await route.abort('failed');
      else await route.continue();
    });

    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nueva marca' }).waitFor();
    await dialog.getByLabel('Nombre').fill('Marca idempotente');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByRole('alert').waitFor(); // the network failure, shown in the form
    await dialog.getByRole('button', { name: 'Guardar' }).click(); // the same submit, again
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect(saves).toHaveLength(2);
    const [failed, retried] = saves;
    expect(failed['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retried['idempotency-key']).toBe(failed['idempotency-key']);
    expect(retried['x-correlation-id']).toBe(failed['x-correlation-id']);
    expect(failed['x-correlation-id']).not.toBe(failed['idempotency-key']);
    expect(await e2e.sql`SELECT id FROM rm_marcas WHERE nombre = 'Marca idempotente'`).toHaveLength(1);

    // A new submit is a new write: new ids.
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await dialog.getByRole('heading', { name: 'Nueva marca' }).waitFor();
    await dialog.getByLabel('Nombre').fill('Marca idempotente 2');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(saves).toHaveLength(3);
    expect(saves[2]['idempotency-key']).not.toBe(failed['idempotency-key']);
    expect(saves[2]['x-correlation-id']).not.toBe(failed['x-correlation-id']);
    await context.close();
  });

  it('the menu, the list and dialogs answer to the keyboard', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/login`);
    await page.getByLabel('Correo electrónico').click();
    await page.keyboard.press('Tab'); // from the e-mail to the password
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('password');
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/example`);
    await page.getByRole('table', { name: 'Marcas' }).waitFor();
    const actions = page.getByRole('button', { name: 'Acciones' }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Buscar en el menú/ }).first().click();
    await page.keyboard.type('marc');
    await page.getByRole('option', { name: /Brands|Marcas/ }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'Resultados' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('serves the production build: the entry chunk is no React development build', async () => {
    const html = await (await fetch(`${e2e.baseUrl}/login`)).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const code = await (await fetch(`${e2e.baseUrl}${entry}`)).text();
    process.stdout.write(`entry chunk ${entry}: ${(code.length / 1024).toFixed(1)} kB\n`);
    expect(code).toContain('react.transitional.element'); // React itself is in this chunk
    // What React and the JSX transform leave only in development builds (NODE_ENV other than
    // production at build time, e.g. vitest's NODE_ENV=test leaking into the build).
    for (const marker of ['jsxDEV', 'runWithFiberInDEV', 'react-stack-top-frame']) expect(code, marker).not.toContain(marker);
  });

  // 126 kB since the typed client: every screen's route definition (its search schema and
  // resource) rides in the entry chunk, and so does the preload map naming every shared chunk
  // (docs/PERFORMANCE.md, "Sign-in JavaScript").
  it('the sign-in page loads at most 126 kB of JavaScript (gzip), as served', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.set(new URL(r.url()).pathname, r.body());
    });
    await page.goto(`${e2e.baseUrl}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    let gzip = 0;
    for (const body of scripts.values()) gzip += gzipSync(await body).length;
    process.stdout.write(`sign-in JavaScript: ${scripts.size} files, ${(gzip / 1024).toFixed(1)} kB gzip\n`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(126 * 1024);
    await context.close();
  });
});
