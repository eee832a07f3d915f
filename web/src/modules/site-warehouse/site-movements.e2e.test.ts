import type { SiteOrderLine } from '@shared/work-order';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settled, shots, useE2e, WAIT } from '../../../../tests/harness/e2e';
import { exportedSheet } from '../../../../tests/harness/xlsx';
import { issueWithVale } from '../../../../tests/harness/site-issue';
import { attendSiteOrder } from '../../../../tests/harness/seed-store';

// The site warehouse's issue screens end to end (seed 002 §5, §7): an OT whose Pedido was attended
// with site stock; the storekeeper's list waits for a filter ('FILTRE PARA BUSCAR'), filters by the
// OT, selects the line, is told the VALE SALIDA is required (no call made), confirms the issue with
// it and sees the line's delivered quantity change, its issue history and the issue in 'Histórico
// de salidas'; the filtered list exports to an xlsx equal to its rows. Screenshots of the three
// screens (receipts, issues, issue history).

const e2e = useE2e();
const VALE = 'VS-E2E-0001';

/** The order and its part line: open, with a material and a unit, asking at least 2. */
const order = { id: 0, codigo: '', line: 0, material: '', requested: 0 };

beforeAll(async () => {
  const [row] = await e2e.sql<{ id: number; codigo: string; line: number; material: string; requested: string }[]>`
    SELECT o.id::int, o.codigo, l.id::int AS line, l.line->>'codigo_material' AS material, (l.line->>'cantidad_solicitada_por_tecnico') AS requested
      FROM rm_ordenes_trabajo o JOIN rm_ot_lineas l ON l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
     WHERE o.estado = 1 AND o.atendido_por_almacen_obra = 0 AND coalesce(o.id_solicitud_compra, 0) = 0
       AND l.line->>'id_material' IS NOT NULL AND l.line->>'id_unidad' IS NOT NULL AND coalesce(l.line->>'codigo_material', '') <> ''
       AND coalesce((l.line->>'solicitud_material')::int, 0) = 0 AND (l.line->>'cantidad_solicitada_por_tecnico')::numeric >= 2
     ORDER BY o.id DESC, l.id LIMIT 1`;
  Object.assign(order, { ...row, requested: Number(row.requested) });
  // The site warehouse attends the Pedido: the whole line is in site stock (the decider keeps the
  // line's other fields as they are).
  await attendSiteOrder(e2e.store, order.id, [{ id: order.line, cantidad_en_almacen_obra: order.requested } as SiteOrderLine]);
});

describe('site warehouse issues and their history (real Chromium, real API)', () => {
  it('filter first, VALE SALIDA required, one issue confirmed, the delivered quantity and the history follow, the export equals the list', async () => {
    const started = Date.now();
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/almacen_obra_entradas' });
    await settled(page, 'Entradas del almacén de obra');
    await page.screenshot({ path: join(shots, 'almacen-obra-entradas.png') });

    await page.goto(`${e2e.baseUrl}/almacen_obra_salidas`);
    const table = page.getByRole('table', { name: 'Salidas del almacén de obra' });
    await table.getByText('FILTRE PARA BUSCAR', { exact: true }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('button', { name: 'Confirmar salida' }).isDisabled()).toBe(true);

    // The OT filter (a server search by the OT's code).
    const ot = page.getByRole('combobox', { name: 'OT', exact: true });
    await ot.click();
    await ot.fill(order.codigo);
    await page.getByRole('option', { name: order.codigo, exact: true }).click({ timeout: WAIT });
    await page.waitForURL((u) => u.searchParams.get('id_orden_trabajo') === String(order.id));
    const row = table.getByRole('row').filter({ hasText: order.material }).first();
    await row.waitFor({ timeout: WAIT });
    // 'Entregado': the ninth cell (after the selection, the detail toggle and seven columns, some
    // of them hidden on narrower screens).
    const delivered = row.locator('td').nth(8);
    const deliveredNow = async () => Number((await delivered.textContent())!.replace(/,/g, ''));
    expect(await deliveredNow()).toBe(0);

    // Select the line: its quantity starts at what is available, typed as a non-negative decimal, capped.
    await row.getByRole('checkbox', { name: 'Seleccionar fila' }).check();
    const quantity = page.getByRole('textbox', { name: /^Cantidad a salir \(/ });
    expect(await quantity.inputValue()).toBe(String(order.requested));
    expect(await quantity.getAttribute('inputmode')).toBe('decimal');
    await quantity.fill('1a');
    expect(await quantity.inputValue()).toBe('1');
    await quantity.fill(String(order.requested + 5));
    expect(await quantity.inputValue()).toBe(String(order.requested));
    await quantity.fill('1');

    // A blank VALE SALIDA: the message under the field, and no call; then the issue.
    await issueWithVale(page, 'Confirmar salida', VALE);
    // The selection is cleared and the line shows what was delivered.
    await expect.poll(deliveredNow, { timeout: WAIT }).toBe(1);
    expect(await row.getByRole('checkbox', { name: 'Seleccionar fila' }).isChecked()).toBe(false);
    expect(await page.getByRole('textbox', { name: /^Cantidad a salir \(/ }).count()).toBe(0);
    const [stored] = await e2e.sql<{ n: number; cantidad: string }[]>`SELECT count(*)::int AS n, sum(cantidad)::text AS cantidad FROM rm_almacen_obra_salidas WHERE id_linea = ${order.line} AND vale_salida = ${VALE}`;
    expect([stored.n, Number(stored.cantidad)]).toEqual([1, 1]);

    // The line's issue history.
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    const history = page.getByRole('table', { name: /^Historial de salidas de / });
    await history.getByRole('cell', { name: VALE }).waitFor({ timeout: WAIT });
    await page.screenshot({ path: join(shots, 'almacen-obra-salidas.png') });

    // The export: the same rows as the list.
    const shown = await table.locator('tbody > tr').filter({ has: page.getByRole('checkbox') }).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2, 5).map((td) => td.textContent.trim())));
    const sheet = await exportedSheet(page);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 9)).toEqual(['OT', 'Solicitud', 'Código', 'Descripción', 'Unidad', 'Solicitado', 'Entregado', 'Disponible', 'Estado']);
    const exported: string[][] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) exported.push([1, 2, 3].map((c) => r.getCell(c).value).map((v) => (v === null || v === undefined || v === '' ? '—' : String(v))));
    });
    expect(exported).toEqual(shown);
    const line = sheet.getRow(2 + shown.findIndex((s) => s[2] === order.material));
    expect(Number(line.getCell(7).value), JSON.stringify(line.values)).toBe(1);

    // The issue in 'Histórico de salidas', found by its voucher.
    await page.goto(`${e2e.baseUrl}/almacen_obra_historico_salidas`);
    const vales = page.getByRole('searchbox', { name: 'Vale' });
    await vales.fill(VALE);
    await vales.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('vale_salida') === VALE);
    const issued = page.getByRole('table', { name: 'Histórico de salidas' }).getByRole('row').filter({ hasText: order.codigo });
    await issued.filter({ hasText: order.material }).waitFor({ timeout: WAIT });
    // Only that voucher's line once the filtered page replaced the unfiltered one (the demo's stock
    // chain issued with vouchers of its own).
    await page.locator('table[aria-label="Histórico de salidas"][aria-busy="false"]').waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByRole('table', { name: 'Histórico de salidas' }).locator('tbody > tr').count(), { timeout: WAIT }).toBe(1);
    await page.screenshot({ path: join(shots, 'almacen-obra-historico-salidas.png') });

    await context.close();
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
