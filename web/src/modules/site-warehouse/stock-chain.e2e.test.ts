import { formatDate, formatDateTime } from '@shared/time';
import type ExcelJS from 'exceljs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { centralEntriesFile, exportedSheet } from '../../../../tests/harness/xlsx';
import { issueWithVale } from '../../../../tests/harness/site-issue';
import { seedPartsCatalogue, sendRequest, seedSicamApproval } from '../../../../tests/harness/seed-store';
import { apiAs } from '../../../../tests/harness/api-session';
import { createTestEquipo } from '../../../../tests/harness/equipment';

// The stock chain of issue 17 end to end in Chromium: a work order whose Pedido the site
// storekeeper attended with two parts to buy, its purchase request generated, attended by the
// central warehouse, approved and sent to SICAM so that both products are 7 'En OC' under ORDER
// (through the API and the request's commands). Then in the browser the central storekeeper
// imports an Excel with one bad row, finds the entries, transfers each group with a waybill; the
// site storekeeper receives both products, issues them with a voucher, and the OT form shows
// 'REPUESTOS ATENDIDOS'. The entries, transfers, receipts and issue-history lists export to xlsx
// files equal to the rows they show. One screenshot per screen (docs/screenshots/cadena-*.png).

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const ORDER = 'OC-CADENA-0001';
const GUIA = 'GR-CADENA-001';
const VALE = 'VS-CADENA-001';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The two parts the work order asks for, bought under ORDER. */
const PARTS = [
  { codigo: 'CAD-E2E-FLT', nombre: 'Filtro hidráulico cadena E2E', cantidad: 3, id: 0 },
  { codigo: 'CAD-E2E-RDL', nombre: 'Rodillo superior cadena E2E', cantidad: 2, id: 0 },
];
const site = { id: 0, codigo: '' };
const order = { id: 0, codigo: '' };
const request = { id: 0, codigo: '', products: [] as number[] };

const states = async () => (await e2e.sql<{ estado: number }[]>`SELECT estado::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${request.id} ORDER BY id`).map((p) => p.estado);

beforeAll(async () => {
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  Object.assign(site, (await e2e.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`)[0]);
  const und = await one(e2e.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  const people = {
    operador: await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`),
    mecanico: await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`),
    supervisor: await one(e2e.sql`SELECT id FROM rm_users WHERE email = 'supervisor@faena.pe'`),
  };
  const equipo = (await createTestEquipo(e2e.store, { id_obra: site.id, codigo: 'E2E-CAD-EQ1' })).id;
  const parts = await seedPartsCatalogue(e2e.store, {
    grupo: { sigla: 'CAD', nombre: 'Sistema hidráulico E2E', elementos: [{ numero: '96.01', nombre: 'Bomba E2E' }] },
    tipo: { codigo: 'CADE', nombre: 'Repuestos cadena E2E', unidades: [{ id_unidad: und, valor: 1 }], materiales: PARTS.map(({ codigo, nombre }) => ({ codigo, nombre })) },
  });
  const { grupo, tipo } = parts;
  const [elemento] = parts.elementos;
  PARTS.forEach((p, i) => (p.id = parts.materiales[i]));

  // The supervisor opens the order with the two parts; the site storekeeper attends its Pedido
  // with nothing on site and generates the purchase request of both.
  const supervisor = await apiAs(e2e.baseUrl, 'supervisor@faena.pe');
  const created = await supervisor('/ordenes_trabajo/create', {
    id: 0, version: 0, id_obra: site.id, id_equipo: equipo, placa_equipo: '', serie_equipo: '', fecha_parada: '2026-11-20 08:00', fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-20 08:30',
    fecha_cierre_ot: '', horometro_parada: '1200', horometro_puesta_marcha: '', horometro_apertura_ot: '1200', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
    id_operador: people.operador, id_mecanico: people.mecanico, id_supervisor: people.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [],
    productos_solicitados: PARTS.map((p) => ({
      id: 0, id_grupo_funcional: grupo, id_grupo_funcional_elemento: elemento, descripcion: p.nombre, id_unidad: und, id_material: p.id, codigo_material: p.codigo,
      id_material_tipo: tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: p.cantidad,
    })),
  });
  Object.assign(order, { id: Number(created.id), codigo: String(created.codigo) });
  const storekeeper = await apiAs(e2e.baseUrl, 'almacen.obra@faena.pe');
  await storekeeper('/almacen_obra_ots/create', { id: order.id, terminado: 1, productos_solicitados: [] });
  request.id = Number((await storekeeper('/almacen_obra_ots/crearPreSolicitud', { id_orden_trabajo: order.id })).id_solicitud_compra);
  request.products = (await e2e.sql<{ id: number }[]>`SELECT id::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${request.id} ORDER BY id`).map((p) => p.id);
  expect(request.products).toHaveLength(2);
  request.codigo = (await e2e.sql<{ codigo: string }[]>`SELECT codigo FROM rm_solicitudes_compras WHERE id = ${request.id}`)[0].codigo;

  // The requester sends the draft; the central warehouse attends it with everything to buy; the
  // approver approves it; SICAM records it and approves its purchase order ORDER: 7 'En OC'.
  await sendRequest(e2e.store, request.id, people.supervisor);
  await (await apiAs(e2e.baseUrl, 'almacen.central@faena.pe'))('/almacen_central_ots/create', { id: request.id, terminado: 1, productos_solicitados: [] });
  await (await apiAs(e2e.baseUrl, 'jefe@faena.pe'))('/solicitudes_compras/aprobar', { id_solicitud_compra: request.id });
  await seedSicamApproval(e2e.store, request.id, ORDER, request.products);
  expect(await states()).toEqual([7, 7]);
}, 120_000);

/** The purchasing system's Excel (seed 002 L71): both parts of ORDER, and one row of an order no
 * requested product has. */
async function workbook(): Promise<Buffer> {
  const row = (numero: number, p: (typeof PARTS)[number], orden: string) =>
    ({ numero, codigo_obra: site.codigo, fecha: '2026-11-21', codigo: p.codigo, nombre: p.nombre, albaran: 'ALB-CAD-1', cantidad: p.cantidad, importe: 120 * p.cantidad, orden });
  return centralEntriesFile([row(1, PARTS[0], ORDER), row(2, PARTS[1], ORDER), row(3, PARTS[0], 'OC-NO-EXISTE')]);
}

/** The list has settled: no request under way. */
const settled = (table: Locator) => table.and(table.page().locator('[aria-busy="false"]')).waitFor({ timeout: WAIT });

/** The rows a list table shows, each as its visible columns' header → cell text (the selection,
 * detail toggle and menu columns and the open detail rows left out). */
function shownRows(table: Locator): Promise<Record<string, string>[]> {
  return table.evaluate((t) => {
    const visible = (el: Element) => getComputedStyle(el).display !== 'none';
    // A column's name: its label without the sort arrow (aria-hidden) or a screen-reader-only title.
    const nameOf = (th: Element) => {
      const label = th.cloneNode(true) as Element;
      for (const extra of label.querySelectorAll('[aria-hidden="true"], .sr-only')) extra.remove();
      return label.textContent.trim();
    };
    const heads = [...t.querySelectorAll(':scope > thead > tr > th')].map((th, i) => ({ i, name: nameOf(th), shown: visible(th) })).filter((h) => h.name && h.shown);
    const width = t.querySelectorAll(':scope > thead > tr > th').length;
    return [...t.querySelectorAll(':scope > tbody > tr')]
      .filter((tr) => tr.children.length === width)
      .map((tr) => Object.fromEntries(heads.map((h) => [h.name, (tr.children[h.i] as HTMLElement).innerText.trim()])));
  });
}

/** Shown rows by their 'Código': the named columns' texts joined by a space. */
const byCode = (rows: Record<string, string>[], ...columns: string[]) => Object.fromEntries(rows.map((r) => [r['Código'], columns.map((c) => r[c]).join(' ')]));

/** An exported cell as the list writes it beside `shown`: numbers compared as numbers (the list
 * groups thousands), Excel dates (the clock reading stored as UTC) as dd/mm/yyyy[ hh:mm AM], empty as '—'. */
function asShown(value: ExcelJS.CellValue, shown: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) {
    const clock = value.toISOString().slice(0, 19);
    return /\d:\d\d/.test(shown) ? formatDateTime(clock) : formatDate(clock);
  }
  if (typeof value === 'number') return Number(shown.replace(/,/g, '')) === value ? shown : String(value);
  return String(value);
}

/** Downloads the list's xlsx export and expects its rows, column by column under the same
 * header, equal to what `table` shows. */
async function expectExportEqualsList(page: Page, table: Locator): Promise<number> {
  await settled(table);
  const shown = await shownRows(table);
  expect(shown.length).toBeGreaterThan(0);
  const sheet = await exportedSheet(page);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const columns = Object.keys(shown[0]);
  for (const name of columns) expect(header, `the export has the list's column ${name}`).toContain(name);
  const exported: Record<string, string>[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const i = exported.length;
    exported.push(Object.fromEntries(columns.map((name) => [name, asShown(r.getCell(header.indexOf(name) + 1).value, shown[i]?.[name] ?? '')])));
  });
  expect(exported).toEqual(shown);
  return shown.length;
}

/** docs/screenshots/cadena-{name}.png, without the toasts (closed first); `whole`: the window
 * grown to the page's height for the shot. */
async function shoot(page: Page, name: string, whole = false) {
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[role="status"][aria-atomic="true"] button').forEach((b) => b.click()));
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-atomic="true"]'));
  await page.mouse.move(0, 0);
  const before = page.viewportSize()!;
  if (whole) await page.setViewportSize({ width: before.width, height: Math.max(before.height, await page.evaluate(() => document.documentElement.scrollHeight)) });
  await page.screenshot({ path: join(shots, `cadena-${name}.png`) });
  if (whole) await page.setViewportSize(before);
}

describe('the stock chain: Excel import, transfer with a waybill, site receipt, issue with a voucher (real Chromium, real API)', () => {
  it('imports one bad row, transfers, receives, issues; the OT shows REPUESTOS ATENDIDOS; the exports equal the lists', async () => {
    const started = Date.now();

    // 1. The central storekeeper imports the Excel: 2 valid, 1 invalid with its reason.
    const { context: central, page } = await e2e.signIn('almacen.central@faena.pe', { path: '/almacen_central_entradas_archivos' });
    await page.getByRole('heading', { name: 'Archivos de ingreso' }).waitFor({ timeout: WAIT });
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Importar ingresos al almacén central' }).waitFor({ timeout: WAIT });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'ingresos-cadena.xlsx', mimeType: XLSX, buffer: await workbook() });
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Archivo procesado' }).waitFor({ timeout: WAIT });
    const counts = Object.fromEntries(await dialog.locator('dl > div').evaluateAll((ds) => ds.map((d) => [d.querySelector('dt')!.textContent.trim(), d.querySelector('dd')!.textContent.trim()])));
    expect(counts).toMatchObject({ Válidos: '2', Inválidos: '1' });
    const invalid = dialog.getByRole('region', { name: 'Filas inválidas' }).locator('tbody tr');
    expect(await invalid.count()).toBe(1);
    expect(await invalid.innerText()).toContain('La orden de compra no corresponde a ningún producto solicitado');
    expect(await invalid.innerText()).toContain('OC-NO-EXISTE');
    await shoot(page, 'importar');
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    const file = page.getByRole('table', { name: 'Archivos de ingreso' }).getByRole('row').filter({ hasText: 'ingresos-cadena.xlsx' });
    await file.waitFor({ timeout: WAIT });
    expect(await file.innerText()).toContain('Procesado');
    await shoot(page, 'archivos');
    expect(await states()).toEqual([8, 8]);

    // 2. The entries of ORDER: the two valid rows; the export equals the list.
    await page.goto(`${e2e.baseUrl}/almacen_central_entradas?numero_orden_compra=${ORDER}`);
    const entries = page.getByRole('table', { name: 'Ingresos al almacén central' });
    await entries.getByRole('row').filter({ hasText: PARTS[1].codigo }).waitFor({ timeout: WAIT });
    expect(await expectExportEqualsList(page, entries)).toBe(2);
    await shoot(page, 'entradas');

    // 3. Transfers: each group of ORDER goes to the site with the waybill (blank first: refused).
    await page.goto(`${e2e.baseUrl}/almacen_central_traslado_materiales?numero_orden_compra=${ORDER}`);
    const groups = page.getByRole('table', { name: 'Traslado de materiales' });
    await groups.getByRole('row').filter({ hasText: PARTS[1].codigo }).waitFor({ timeout: WAIT });
    expect(await expectExportEqualsList(page, groups)).toBe(2);
    const sent: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/almacen_central_traslado_materiales/create')) sent.push(String(r.status()));
    });
    for (const [i, part] of PARTS.entries()) {
      await groups.getByRole('row').filter({ hasText: part.codigo }).getByRole('button', { name: 'Ver detalle' }).click();
      const distribution = page.getByRole('table', { name: `Distribución de ${part.codigo}, ${ORDER}` });
      const quantity = distribution.getByRole('textbox', { name: `Cantidad a salir de ${request.codigo}` });
      await quantity.waitFor({ timeout: WAIT });
      await quantity.fill(String(part.cantidad + 1));
      expect(await quantity.inputValue()).toBe(String(part.cantidad));
      const box = distribution.locator('xpath=..');
      const confirm = box.getByRole('button', { name: 'Confirmar traslado' });
      if (i === 0) {
        await confirm.click();
        await box.getByText('El campo N° de guía es requerido').waitFor({ timeout: WAIT });
        expect(sent).toEqual(['422']);
      }
      await box.getByRole('textbox', { name: 'N° de guía' }).fill(GUIA);
      if (i === PARTS.length - 1) await shoot(page, 'traslados');
      await confirm.click();
      await page.getByText('Traslado registrado').first().waitFor({ timeout: WAIT });
      await expect.poll(async () => (await shownRows(groups)).find((r) => r['Código'] === part.codigo)?.Disponible, { timeout: WAIT }).toBe('0.00');
    }
    expect(sent).toEqual(['422', '200', '200']);
    expect(await states()).toEqual([9, 9]);
    const [waybill] = await e2e.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_almacen_central_traslados WHERE numero_guia = ${GUIA} AND numero_orden = ${ORDER}`;
    expect(waybill.n).toBe(2);
    await central.close();

    // 4. The site storekeeper receives both products (the export first: received rows leave the list).
    const { page: obra } = await e2e.signIn('almacen.obra@faena.pe', { path: `/almacen_obra_entradas?numero_orden=${ORDER}` });
    const receipts = obra.getByRole('table', { name: 'Entradas del almacén de obra' });
    await receipts.getByRole('row').filter({ hasText: PARTS[1].codigo }).waitFor({ timeout: WAIT });
    expect(await expectExportEqualsList(obra, receipts)).toBe(2);
    await receipts.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
    for (const part of PARTS) expect(await obra.getByRole('textbox', { name: new RegExp(`^Cantidad entrante \\(${part.codigo} `) }).inputValue()).toBe(String(part.cantidad));
    await shoot(obra, 'obra-entradas');
    await obra.getByRole('button', { name: 'Confirmar 2 entradas', exact: true }).click();
    await obra.getByText('Entrada registrada').first().waitFor({ timeout: WAIT });
    await receipts.getByRole('row').filter({ hasText: PARTS[0].codigo }).waitFor({ state: 'detached', timeout: WAIT });
    expect(await states()).toEqual([10, 10]);

    // 5. Issues: filter first, the OT, both lines, the VALE SALIDA required, then the issue.
    await obra.goto(`${e2e.baseUrl}/almacen_obra_salidas`);
    const issues = obra.getByRole('table', { name: 'Salidas del almacén de obra' });
    await issues.getByText('FILTRE PARA BUSCAR', { exact: true }).waitFor({ timeout: WAIT });
    const ot = obra.getByRole('combobox', { name: 'OT', exact: true });
    await ot.click();
    await ot.fill(order.codigo);
    await obra.getByRole('option', { name: order.codigo, exact: true }).click({ timeout: WAIT });
    await obra.waitForURL((u) => u.searchParams.get('id_orden_trabajo') === String(order.id));
    await issues.getByRole('row').filter({ hasText: PARTS[1].codigo }).waitFor({ timeout: WAIT });
    await settled(issues);
    expect(byCode(await shownRows(issues), 'Disponible')).toEqual(Object.fromEntries(PARTS.map((p) => [p.codigo, p.cantidad.toFixed(2)])));
    await issues.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
    await issueWithVale(obra, 'Confirmar 2 salidas', VALE, () => shoot(obra, 'obra-salidas'));
    await expect.poll(async () => byCode(await shownRows(issues), 'Entregado', 'Estado'), { timeout: WAIT }).toEqual(Object.fromEntries(PARTS.map((p) => [p.codigo, `${p.cantidad.toFixed(2)} Salida de almacén`])));
    expect(await states()).toEqual([11, 11]);

    // 6. The issue history by its voucher: both lines; the export equals the list.
    await obra.goto(`${e2e.baseUrl}/almacen_obra_historico_salidas?vale_salida=${VALE}`);
    const history = obra.getByRole('table', { name: 'Histórico de salidas' });
    await history.getByRole('row').filter({ hasText: PARTS[1].codigo }).waitFor({ timeout: WAIT });
    expect(await expectExportEqualsList(obra, history)).toBe(2);
    await shoot(obra, 'historico-salidas');

    // 7. The work order's parts: every line issued, 'REPUESTOS ATENDIDOS'.
    await obra.goto(`${e2e.baseUrl}/ordenes_trabajo/${order.id}/editar`);
    await obra.getByRole('tablist', { name: 'Líneas de la orden de trabajo' }).getByRole('tab', { name: /^Repuestos \d/ }).click({ timeout: WAIT });
    const parts = obra.getByRole('region', { name: 'Descripción de repuestos' });
    await parts.getByText('REPUESTOS ATENDIDOS', { exact: true }).waitFor({ timeout: WAIT });
    expect(await parts.getByText('REPUESTOS EN PROCESO DE ATENCIÓN').count()).toBe(0);
    expect(await parts.getByText('Salida de almacén', { exact: true }).count()).toBe(PARTS.length);
    await shoot(obra, 'ot', true);

    expect(Date.now() - started).toBeLessThan(90_000);
  }, 180_000);
});
