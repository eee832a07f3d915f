import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createEventStore } from '../../events/store';
import { asyncProjections, inlineProjections } from '../../projections/registry';
import { startProjector, type Projector } from '../../projections/runner';
import { createApiDeps } from '../../services/api/create-deps';
import { startApiServer, type ApiServer } from '../../services/api/server';
import { createBoss, type Boss } from '../../services/shared/boss';
import { projectRoot } from '../../services/shared/config';
import { createPublisher } from '../../services/shared/live';
import { createLogger } from '../../services/shared/logger';
import { ensureQueues, startWorker } from '../../services/worker/worker';
import { reactors } from '../../projections/registry';
import { startReactors } from '../../projections/reactors/runner';
import { startSicamSim, type SicamSimServer } from '../../services/sicam-sim/server';
import { createTestDatabase, type TestDatabase } from './db';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The production build of the web app (the global setup of the e2e project writes it, with
 * NODE_ENV=production; FAENA_WEB_OUT moves it). */
export const webOut = process.env.FAENA_WEB_OUT ?? join(projectRoot, 'web/dist');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export type E2e = TestDatabase & {
  baseUrl: string;
  /** With `workers`: the SICAM simulator the worker pushes to (its knobs change faults at run time). */
  sicam: SicamSimServer | undefined;
  server: ApiServer;
  /** A fresh browser context (its own storage: its own stored accounts); `locale` is the
   * browser's language (es-PE unless a test says otherwise). */
  newContext(viewport?: { width: number; height: number }, locale?: string): Promise<BrowserContext>;
  login(page: Page, email: string, password?: string): Promise<void>;
  /** A fresh context and page signed in as `email` (password Faena2026!), on `path` when given. */
  signIn(email: string, options?: { path?: string; viewport?: { width: number; height: number } }): Promise<{ context: BrowserContext; page: Page }>;
};

/** The built web app and the real API on a test database with the demo data, a projector for live
 * pushes, and Debian's Chromium driven by playwright-core. With `workers`, what `npm start` runs
 * beside them too: the reactors, the job worker and the SICAM simulator it pushes to. */
export function useE2e(options: { workers?: boolean } = {}): E2e {
  const handle = {} as E2e;
  let drop: (() => Promise<void>) | undefined;
  let boss: Boss | undefined;
  let projector: Projector | undefined;
  let reactorRunner: Projector | undefined;
  let sicam: SicamSimServer | undefined;
  const contexts: BrowserContext[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    if (!existsSync(join(webOut, 'index.html'))) throw new Error(`${webOut} is missing: the global setup builds it`);
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium; .ci/run does it)`);
    const db = await createTestDatabase({ demo: true });
    drop = db.drop;
    boss = createBoss(db.sql, { supervise: false });
    await boss.start();
    await ensureQueues(boss);
    const store = createEventStore(db.sql, { inlineProjections });
    projector = await startProjector(db.sql, store, asyncProjections, { publish: createPublisher(db.sql), pollMs: 500 });
    // The API and the worker share the data directory (the worker stores the generated reports the API serves).
    const dataDir = `/tmp/faena-e2e-${db.name}`;
    if (options.workers) {
      sicam = await startSicamSim({ port: 0, host: '127.0.0.1', knobs: { latencyMs: 0, failRate: 0, failNext: 0, refuseNext: 0, outage: false, loseReplyRate: 0, approvalAfterS: -1, approvedAfterS: -1 } });
      reactorRunner = await startReactors(db.sql, store, reactors);
      await startWorker(boss, db.sql, { mailFrom: 'faena@faena.test', smtpUrl: undefined, sicamUrl: sicam.url, sicamPollSeconds: 5, dataDir }, createLogger({}, true), { store });
    }
    const deps = await createApiDeps({ sql: db.sql, store, boss, log: createLogger({}, true), config: { dataDir, port: 0, sicamUrl: sicam?.url } });
    const server = await startApiServer({ deps, webDir: webOut, port: 0, host: '127.0.0.1' });
    Object.assign(handle, db, {
      server,
      sicam,
      baseUrl: `http://127.0.0.1:${server.port}`,
      async newContext(viewport = { width: 1366, height: 768 }, locale = 'es-PE') {
        const dir = mkdtempSync(join(tmpdir(), 'faena-chromium-'));
        dirs.push(dir);
        const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport, locale, acceptDownloads: true });
        contexts.push(context);
        return context;
      },
      async login(page: Page, email: string, password = 'Faena2026!') {
        if (!page.url().includes('/login')) await page.goto(`${handle.baseUrl}/login`);
        await page.getByLabel('Correo electrónico').fill(email);
        await page.getByLabel('Contraseña').fill(password);
        await page.getByRole('button', { name: /No soy un robot/ }).click();
        await page.getByText('Verificado').waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Ingresar' }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
      },
      async signIn(email: string, options: { path?: string; viewport?: { width: number; height: number } } = {}) {
        const context = await handle.newContext(options.viewport);
        const page = await context.newPage();
        await handle.login(page, email);
        if (options.path !== undefined) await page.goto(`${handle.baseUrl}${options.path}`);
        return { context, page };
      },
    });
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await handle.server?.close();
    await projector?.stop();
    await reactorRunner?.stop();
    await boss?.stop({ graceful: false }).catch(() => {});
    await sicam?.close();
    await drop?.();
  });
  return handle;
}

/** How long a step waits for the screen to say it is done. */
export const WAIT = 30_000;

/** The screenshots the docs show: docs/screenshots of the checkout. */
export const shots = join(projectRoot, 'docs/screenshots');

/** `text` with the characters a regular expression reads as syntax escaped. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression matching `text` to the letter. */
export const literal = (text: string) => new RegExp(escaped(text));

/** Waits until the list labelled `label` (its table, or its cards on a phone) has settled: no
 * request under way. */
export const settled = (page: Page, label: string) => page.locator(`table[aria-label="${label}"][aria-busy="false"], ul[aria-label="${label}"][aria-busy="false"]`).first().waitFor({ timeout: WAIT });

/** Types into a combobox and picks the first option whose name matches. */
export async function choose(page: Page, combobox: Locator, text: string, option: RegExp | string): Promise<void> {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).first().click({ timeout: WAIT });
}

/** Opens a listbox select (by its label) and picks an option. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Closes the toasts on screen (with the reactors running, notifications arrive over the row
 * menus: the approver is notified of every request waiting for him, bottom-right, 30 s). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('[data-toasts]').getByRole('button', { name: 'Cerrar' });
  for (let i = 0; i < 20 && (await close.count()) > 0; i++) await close.first().click({ timeout: 2_000 }).catch(() => {});
}

/** A list row's action, after the notifications are out of the way (a toast that arrives between
 * closing them and the click covers the menu: the click gives up after a moment and the toasts are
 * closed again). */
export async function rowMenu(row: Locator, item: string): Promise<void> {
  const page = row.page();
  for (let attempt = 1; ; attempt++) {
    await closeToasts(page);
    try {
      await row.getByRole('button', { name: 'Acciones' }).click({ timeout: 3_000 });
      await page.getByRole('menuitem', { name: item }).click({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 6) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The whole page at 1366 px wide, saved as `name` in the docs' screenshots: the window grows to
 * the page's height for the shot (a full-page capture would paint the frame's fixed sidebar and
 * toolbar in the middle of the page), then goes back to 1366 × 768. */
export async function shootWhole(page: Page, name: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1366, height: Math.max(768, height) });
  await page.screenshot({ path: join(shots, name) });
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Opens a list row's 'Acciones' menu and picks `item` (the row menu of ui/list/RowMenu). */
export async function rowAction(row: Locator, item: string): Promise<void> {
  const menu = await openMenu(row.page(), row.getByRole('button', { name: 'Acciones' }));
  await menu.getByRole('menuitem', { name: item }).click();
}

/** Waits for a list row, opens its 'Editar' and returns the dialog it opens. */
export async function editRow(row: Locator): Promise<Locator> {
  await row.waitFor();
  await rowAction(row, 'Editar');
  return row.page().getByRole('dialog');
}

/** Moves a menu entry of /modules one place up with its 'Mover' handle and the keyboard (Space,
 * ArrowUp, Space), until the screen says it is saved. */
export async function moveUpByKeyboard(item: Locator): Promise<void> {
  const page = item.page();
  await item.getByRole('button', { name: 'Mover' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(250);
  await page.keyboard.press('Space');
  await page.getByText('Actualizado correctamente').first().waitFor();
}

/** On /users, 'Nuevo' and the person's profile and names in the form; returns the form (its
 * other fields and its saving are the caller's). */
export async function newUserForm(page: Page, user: { perfil: string; nombre: string; apellidos: string; documento: string }): Promise<Locator> {
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Perfil').click();
  await page.getByRole('listbox').getByRole('option', { name: user.perfil }).click();
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(user.nombre);
  await form.getByRole('textbox', { name: 'Apellidos' }).fill(user.apellidos);
  await form.getByRole('textbox', { name: 'Documento' }).fill(user.documento);
  return form;
}

/** In the user dialog, the first company and then its first site, added with 'Agregar'; returns
 * the site's name once the dialog lists it. */
export async function addFirstSite(dialog: Locator): Promise<string> {
  const page = dialog.page();
  await dialog.getByRole('region', { name: 'Obras' }).waitFor();
  const option = page.getByRole('listbox').getByRole('option').first();
  await dialog.getByLabel('Empresa').click();
  await option.click();
  // The company's list closes before the site's opens: the first option read must be a site's.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await dialog.getByLabel('Obra', { exact: true }).click();
  await option.waitFor();
  const site = (await option.innerText()).trim();
  await option.click();
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await dialog.getByRole('button', { name: `Quitar obra ${site}` }).waitFor();
  return site;
}

/** Opens a Headless UI menu and waits until its panel is open and done transitioning. An item
 * clicked while the panel still carries data-transition (opening, or reopened during the previous
 * close) can be lost: seen as a language change that never left the browser. */
export async function openMenu(page: Page, button: Locator): Promise<Locator> {
  await button.click();
  const menu = page.locator('[role="menu"][data-open]:not([data-transition])');
  await menu.waitFor();
  return menu;
}


/** The date text of the DateField labelled `label` (a required field's label ends in '*'; its
 * time and AM/PM inputs are named '{label}: hora' and '{label}: AM o PM'). */
export function dateInput(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escaped(label)}\\*?$`));
}

/** Types a date ('YYYY-MM-DD') or a work order's date and time ('YYYY-MM-DD HH:mm') into the
 * shared DateField labelled `label`, as a user would: dd/mm/aaaa, then hh:mm and AM/PM. */
export async function fillDate(scope: Page | Locator, label: string, value: string): Promise<void> {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(value);
  if (!m) throw new Error(`fillDate: ${value} is not YYYY-MM-DD[ HH:mm]`);
  await dateInput(scope, label).fill(`${m[3]}/${m[2]}/${m[1]}`);
  if (m[4] === undefined) return;
  const hour = Number(m[4]);
  await scope.getByLabel(`${label}: hora`).fill(`${String(hour % 12 || 12).padStart(2, '0')}:${m[5]}`);
  await scope.getByLabel(`${label}: AM o PM`).selectOption(hour < 12 ? 'AM' : 'PM');
}

/** The checkout's root (screenshots go to its docs/screenshots, fixtures are read from tests/fixtures). */
export { projectRoot };
