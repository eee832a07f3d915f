import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateInput, fillDate, rowAction, useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { FIXTURE, seedPartsCatalogue } from '../../../../tests/harness/seed-store';
import { createDemoKindMachine } from '../../../../tests/harness/equipment';

// The work-order screens end to end (seed 001 §2, §4, §5): a supervisor opens an order with a line
// in each table and a document, an administrator's list and a board in other browsers see it
// appear and close without a reload, the timeline tells the story, and the PDF renders.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const site = { id: 0, codigo: '', nombre: '' };
const otherSite = { id: 0, codigo: '', nombre: '' };
const EQUIPO = 'E2E-OT-01';

beforeAll(async () => {
  const sites = await e2e.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id, codigo, nombre FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 2`;
  Object.assign(site, sites[0]);
  Object.assign(otherSite, sites[1]);
  const [und] = await e2e.sql<{ id: number }[]>`SELECT id FROM rm_unidades WHERE nombre = 'UND'`;
  await createDemoKindMachine(e2e.store, e2e.sql, { id_obra: site.id, codigo: EQUIPO, codigo_sub_obra: 'SO-E2E', placa: 'E2E-123', anio: 2020 }, FIXTURE);
  await seedPartsCatalogue(e2e.store, {
    grupo: { sigla: 'E2E', nombre: 'Sistema hidráulico E2E', elementos: [{ numero: '98.01', nombre: 'Válvula de alivio E2E' }] },
    tipo: { codigo: 'E2ET', nombre: 'Repuestos E2E', unidades: [{ id_unidad: und.id, valor: 1 }], materiales: [{ codigo: 'E2E-FLT-01', nombre: 'Filtro hidráulico E2E' }] },
  });
});

async function signedIn(email: string, path: string): Promise<Page> {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await e2e.login(page, email);
  await page.goto(`${e2e.baseUrl}${path}`);
  return page;
}

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
/** The button's label with or without its accent (issue 14 writes Spanish labels with theirs). */
const MECANICO = /^CIERRE MEC[AÁ]NICO$/;

/** Opens one of the form's line tabs ('Diagnósticos 1', 'Repuestos 0'…). */
async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Líneas de la orden de trabajo' }).getByRole('tab', { name: new RegExp(`^${name} \\d`) }).click();
}

/** Types into a combobox and picks the option whose name matches. */
async function choose(page: Page, combobox: Locator, text: string, option: RegExp | string) {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).first().click({ timeout: WAIT });
}

async function fillHeader(page: Page) {
  await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), site.codigo, literal(site.nombre));
  await choose(page, page.getByRole('combobox', { name: 'Equipo', exact: true }), EQUIPO, new RegExp(`^${EQUIPO}`));
  await choose(page, page.getByRole('combobox', { name: 'Operador', exact: true }), 'Pedro', 'Pedro Condori Apaza');
  await choose(page, page.getByRole('combobox', { name: 'Mecánico', exact: true }), 'Luis', 'Luis Ccori Mamani');
  await choose(page, page.getByRole('combobox', { name: 'Supervisor', exact: true }), 'Carlos', 'Carlos Mendoza Flores');
}

/** The whole page at 1366 px wide: the window grows to the page's height for the shot (a full-page
 * capture would paint the frame's fixed sidebar and toolbar in the middle of the page). */
async function shootWhole(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1366, height: Math.max(768, height) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, name) });
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('work orders: list, form, timeline, board and PDF (real Chromium, real API)', () => {
  it('a supervisor opens an order that other users see appear and close live; the timeline and the PDF tell its story', async () => {
    // Another user watches the list (filtered to the test machine) and a third browser the board.
    const admin = await signedIn('admin@faena.pe', `/ordenes_trabajo?query=${EQUIPO}`);
    await admin.getByRole('table', { name: 'Órdenes de trabajo' }).waitFor({ timeout: WAIT });
    await admin.getByText('No hay contenido para mostrar.').waitFor({ timeout: WAIT });
    const board = await signedIn('jefe@faena.pe', '/ordenes_trabajo/tablero');
    await board.getByRole('heading', { name: 'Tablero de órdenes de trabajo' }).waitFor({ timeout: WAIT });

    // The supervisor keeps a signature on file (Mi perfil): the PDF prints it once he signs.
    const page = await signedIn('supervisor@faena.pe', '/perfil/datos');
    await page.locator('input[type=file]').setInputFiles(join(projectRoot, 'tests/fixtures/firma-200x120.jpg'));
    await page.getByRole('button', { name: 'Guardar firma' }).click();
    await page.getByText('Actualizado correctamente').first().waitFor({ timeout: WAIT });
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL('**/ordenes_trabajo/nuevo');
    await page.getByRole('combobox', { name: 'Obra', exact: true }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('combobox', { name: 'Equipo', exact: true }).isDisabled()).toBe(true);

    await fillHeader(page);
    expect(await page.getByLabel('Serie', { exact: true }).inputValue()).toBe(`S-${EQUIPO}`);
    expect(await page.getByLabel('Placa', { exact: true }).inputValue()).toBe('E2E-123');
    await fillDate(page, 'Fecha de parada', '2026-11-20 08:00');
    await fillDate(page, 'Fecha de puesta en marcha', '2026-11-20 17:45');
    expect(await page.getByLabel('Tiempo de parada (H:M)').inputValue()).toBe('9:45');
    await page.getByLabel('Horómetro de parada').fill('1200.5');
    await page.getByLabel('Horómetro de puesta en marcha').fill('1208');
    expect(await page.getByLabel('Horómetro: tiempo de parada').inputValue()).toBe('7.50');

    const diag = page.getByRole('region', { name: /Diagnósticos/ });
    await diag.getByText('Sin items...').waitFor();
    await diag.getByRole('button', { name: /Agregar/ }).click();
    await choose(page, diag.getByRole('combobox', { name: 'Elemento (fila 1)' }), 'alivio e2e', /Válvula de alivio E2E/);
    await diag.getByLabel('Descripción (fila 1)').fill('Fuga en la válvula de alivio');

    await openTab(page, 'Intervenciones');
    const inter = page.getByRole('region', { name: /Intervenciones/ });
    await inter.getByRole('button', { name: /Agregar/ }).click();
    await choose(page, inter.getByRole('combobox', { name: 'Elemento (fila 1)' }), '98.01', /Válvula de alivio E2E/);
    await inter.getByLabel('Descripción (fila 1)').fill('Cambio de sellos');
    await inter.getByLabel('Horas (fila 1)').fill('1');
    await inter.getByLabel('Minutos (fila 1)').fill('30');

    await openTab(page, 'Repuestos');
    const parts = page.getByRole('region', { name: /Descripci[oó]n de [Rr]epuestos/ });
    await parts.getByRole('button', { name: /Agregar/ }).click();
    await choose(page, parts.getByRole('combobox', { name: 'Elemento (fila 1)' }), 'alivio', /Válvula de alivio E2E/);
    await choose(page, parts.getByRole('combobox', { name: 'Material (fila 1)' }), 'E2E-FLT', /E2E-FLT-01/);
    // The material type allows one unit (UND): it is chosen for the user.
    await expect.poll(() => parts.getByLabel('Unidad (fila 1)').innerText()).toContain('UND');
    await parts.getByLabel('Cantidad (fila 1)').fill('2');

    await openTab(page, 'Documentos');
    const docs = page.getByRole('region', { name: /Documentos Adicionales/ });
    await docs.getByRole('button', { name: /Agregar/ }).click();
    await docs.locator('input[type=file]').setInputFiles({ name: 'informe-tecnico.pdf', mimeType: 'application/pdf', buffer: PDF });
    await docs.getByText('informe-tecnico.pdf').waitFor();
    await docs.getByLabel('Observaciones (fila 1)').fill('Informe técnico del proveedor');
    await page.keyboard.press('Escape');
    await shootWhole(page, 'ot-form-1366.png');

    // A new order's save shows the 'Aviso' with its code (seed 001 §4); CIERRE MECÁNICO then keeps
    // the supervisor on the new order (its edit address).
    await page.getByRole('button', { name: MECANICO }).click();
    const aviso = page.getByRole('alertdialog', { name: 'Aviso' });
    // The dialog's own box has no size (its panel is fixed): wait for its button.
    await aviso.getByRole('button', { name: 'Aceptar' }).waitFor({ timeout: WAIT });
    const text = await aviso.innerText();
    expect(text).toContain('Se creó la orden de trabajo');
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL(/\/ordenes_trabajo\/\d+\/editar$/, { timeout: WAIT });
    const codigo = (/[A-Z0-9-]+-OT-\d{6}/.exec(text) ?? [''])[0];
    expect(codigo, text).toMatch(/-OT-\d{6}$/);

    // Live: the administrator's list and the board show the new order without a reload.
    const adminRow = admin.getByRole('row').filter({ hasText: codigo });
    await adminRow.waitFor({ timeout: WAIT });
    expect(await adminRow.innerText()).toContain('Abierto');
    const card = board.getByRole('listitem', { name: `Orden ${codigo}` });
    await card.waitFor({ timeout: WAIT });
    expect(await card.innerText()).toContain(EQUIPO);
    await card.scrollIntoViewIfNeeded();
    await board.screenshot({ path: join(shots, 'ot-board-1366.png') });

    // The supervisor, still on the order, signs and closes it (CIERRE TOTAL).
    const signed = page.getByRole('checkbox', { name: 'Firmado (Supervisor)' });
    await signed.waitFor({ timeout: WAIT });
    // The saved lines came back: one in each table.
    await openTab(page, 'Documentos');
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: /Documentos Adicionales/ })
          .getByText('Sin items...')
          .count(),
      )
      .toBe(0);
    await signed.check();
    await page.getByRole('button', { name: 'CIERRE TOTAL' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'CIERRE TOTAL' }).click();
    await page.getByText('Se cerró la orden de trabajo').first().waitFor({ timeout: WAIT });
    await page.waitForURL((u) => u.pathname === '/ordenes_trabajo', { timeout: WAIT });
    const row = page.getByRole('row').filter({ hasText: codigo });

    await expect.poll(() => adminRow.innerText(), { timeout: WAIT }).toContain('Cerrado');
    await card.waitFor({ state: 'detached', timeout: WAIT });
    await admin.screenshot({ path: join(shots, 'ot-list-1366.png') });

    // The timeline: every step in order, each with its author.
    await rowAction(row, 'Ver');
    await page.getByRole('tab', { name: 'Línea de tiempo' }).click();
    await page.getByRole('heading', { name: 'Resumen de Orden de Trabajo' }).waitFor({ timeout: WAIT });
    await page.getByRole('heading', { name: 'Línea de tiempo detallada' }).waitFor();
    const steps = page.getByRole('list', { name: 'Pasos de la orden de trabajo' }).locator(':scope > li');
    const items = await steps.allInnerTexts();
    // Each step's first line: 'Paso N: <título>' (the number is announced, the badge is decorative).
    const titles = await steps.evaluateAll((lis) => lis.map((li) => li.querySelector('p')?.textContent ?? ''));
    expect(titles.map((t) => t.replace(/^Paso \d+: /, '').split(':')[0])).toEqual([
      `Abrió la orden de trabajo ${codigo}`,
      'Agregó un diagnóstico',
      'Agregó una intervención',
      'Agregó un repuesto',
      'Agregó un documento',
      'Guardó la orden (CIERRE MECÁNICO)',
      'Modificó los datos de la orden',
      'Firmó el supervisor (Carlos Mendoza Flores)',
      'Cerró la orden (CIERRE TOTAL)',
    ]);
    for (const t of items) expect(t).toContain('Carlos Mendoza Flores');
    expect(items[6]).toMatch(/Fecha de cierre: — → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const summary = page.getByRole('region', { name: 'Resumen de Orden de Trabajo' });
    expect(await summary.innerText()).toContain('Cerrado');
    await shootWhole(page, 'ot-timeline-1366.png');

    // The PDF from the list's row menu.
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo?query=${EQUIPO}`);
    const listRow = page.getByRole('row').filter({ hasText: codigo });
    await listRow.getByRole('button', { name: 'Acciones' }).click({ timeout: WAIT });
    // It opens in a new tab by a form POST (seed 000 §7); the same form, sent again, gives the file.
    const [pdfTab, pdfForm] = await Promise.all([
      page.context().waitForEvent('page', { timeout: WAIT }),
      page.context().waitForEvent('request', { predicate: (r) => new URL(r.url()).pathname === '/api/ordenes_trabajo/pdf', timeout: WAIT }),
      page.getByRole('menuitem', { name: 'PDF' }).click(),
    ]);
    await pdfTab.close();
    const pdfReply = await page.request.post(pdfForm.url(), { form: Object.fromEntries(new URLSearchParams(pdfForm.postData() ?? '')) });
    expect(pdfReply.headers()['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'faena-ot-pdf-'));
    const pdfPath = join(dir, 'ot.pdf');
    writeFileSync(pdfPath, await pdfReply.body());
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    // The supervisor signed: his signature is the PDF's one image.
    const images = execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim());
    expect(images).toHaveLength(1);
    expect(execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' })).toContain('informe-tecnico.pdf');
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(shots, 'ot-pdf-page1')]);
    expect(statSync(join(shots, 'ot-pdf-page1.png')).size).toBeGreaterThan(10_000);

    // A closed order is replicated once: a new order (only CIERRE MECANICO) with the original's lines.
    await page.keyboard.press('Escape');
    await rowAction(listRow, 'Replicar');
    await page.getByRole('heading', { name: 'Replicar orden de trabajo' }).waitFor({ timeout: WAIT });
    await page.getByRole('button', { name: MECANICO }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('button', { name: 'CIERRE TOTAL' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Código' }).inputValue()).toBe('');
    expect(
      await page
        .getByRole('region', { name: /Diagnósticos/ })
        .getByLabel('Descripción (fila 1)')
        .inputValue(),
    ).toBe('Fuga en la válvula de alivio');
    await page.getByRole('button', { name: MECANICO }).click();
    // The replica is a new order: its own code in the 'Aviso', then the user lands on it.
    const replicaAviso = page.getByRole('alertdialog', { name: 'Aviso' });
    // The dialog's own box has no size (its panel is fixed): wait for its button.
    await replicaAviso.getByRole('button', { name: 'Aceptar' }).waitFor({ timeout: WAIT });
    expect(await replicaAviso.innerText()).toContain('Se creó la orden de trabajo');
    expect(await replicaAviso.innerText()).not.toContain(codigo);
    await replicaAviso.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL(/\/ordenes_trabajo\/\d+\/editar$/, { timeout: WAIT });
    // The other user's list learns it live: 'Replicar' is no longer offered for the original.
    await expect
      .poll(
        async () => {
          await adminRow.getByRole('button', { name: 'Acciones' }).click();
          await admin.getByRole('menuitem', { name: 'PDF' }).waitFor();
          const offered = await admin.getByRole('menuitem', { name: 'Replicar' }).count();
          await admin.keyboard.press('Escape');
          return offered;
        },
        { timeout: WAIT },
      )
      .toBe(0);
  }, 240_000);

  it('an empty form shows the six required errors under their fields; changing the site clears people and equipment', async () => {
    // An administrator is no supervisor: nobody is proposed, the six fields start empty.
    const page = await signedIn('admin@faena.pe', '/ordenes_trabajo/nuevo');
    const apertura = dateInput(page, 'Apertura de la OT');
    await apertura.waitFor({ timeout: WAIT });
    await apertura.fill('');
    await page.getByRole('button', { name: MECANICO }).click();
    await page.getByText('Revise los campos marcados').waitFor();
    const fields: Locator[] = [
      page.getByRole('combobox', { name: 'Obra', exact: true }),
      page.getByRole('combobox', { name: 'Equipo', exact: true }),
      apertura,
      page.getByRole('combobox', { name: 'Operador', exact: true }),
      page.getByRole('combobox', { name: 'Mecánico', exact: true }),
      page.getByRole('combobox', { name: 'Supervisor', exact: true }),
    ];
    // Each message sits under its own field: the nearest box holding the field and a message holds
    // that one field only.
    for (const field of fields) {
      const box = field.locator('xpath=ancestor::*[.//*[@role="alert"]][1]');
      expect(await box.getByRole('alert').innerText()).toBe('Este campo es obligatorio');
      // (the opening date's field is one date and one time input)
      expect(await box.locator('input').count()).toBe(field === apertura ? 2 : 1);
    }
    expect(await page.getByText('Este campo es obligatorio', { exact: true }).count()).toBe(6);
    // Nothing was sent: still on the form.
    expect(new URL(page.url()).pathname).toBe('/ordenes_trabajo/nuevo');

    await fillDate(page, 'Apertura de la OT', '2026-11-20 08:30');
    await fillHeader(page);
    await page.getByRole('checkbox', { name: 'Firmado (Operador)' }).check();
    expect(await page.getByText('Este campo es obligatorio').count()).toBe(0);
    await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), otherSite.codigo, literal(otherSite.nombre));
    for (const name of ['Equipo', 'Operador', 'Mecánico', 'Supervisor']) {
      expect(await page.getByRole('combobox', { name, exact: true }).inputValue(), name).toBe('');
    }
    expect(await page.getByLabel('Placa', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Serie', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Firmado (Operador)' }).isChecked()).toBe(false);

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: 'Volver', exact: true }).click();
    await page.getByText('Los datos que ha introducido se perderán.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
    expect(new URL(page.url()).pathname).toBe('/ordenes_trabajo/nuevo');
    await page.getByRole('button', { name: 'Volver', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL((u) => u.pathname === '/ordenes_trabajo', { timeout: WAIT });
  }, 180_000);
});
