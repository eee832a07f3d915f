import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settled, shots, useE2e, WAIT } from '../../../../tests/harness/e2e';
import { centralEntriesFile, exportedSheet } from '../../../../tests/harness/xlsx';
import { seedRequestInOrder } from '../../../../tests/harness/seed-store';
import { apiAs } from '../../../../tests/harness/api-session';

// The transfer request in Chromium (seed 002 §7 /traslado_materiales, milestone 14): a compra of
// two materials in 'En OC' under one purchase order, whose entries the central storekeeper imports
// through the API. From the menu the storekeeper opens 'Solicitud de traslado', filters by the
// order, selects one group (the action counts the selection and stays disabled without one),
// confirms, and sees the row become 'Solicitado' while the other stays 'Sin solicitar'; the
// 'requested' filter keeps only it; a row opens its requested products; the export reads back
// equal to the list; the requested product's row on /solicitud_compra_productos opens its central
// entry (file and albarán). Then the same screen on a 390 px phone: cards, no sideways scroll.

const e2e = useE2e();
const ORDER = 'OC-E2E-TRAS01';
const TITLE = 'Solicitud de traslado';
const materials: { id: number; codigo: string; nombre: string }[] = [];
let requestCode = '';

beforeAll(async () => {
  const [site] = await e2e.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`;
  materials.push(...(await e2e.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_materiales WHERE codigo <> '' ORDER BY id DESC LIMIT 2`));
  const [und] = await e2e.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  requestCode = `${site.codigo}-SC-E2ETRAS`;
  // The request's commands up to 7 'En OC' under ORDER (SICAM's approval is the simulator's part).
  await seedRequestInOrder(e2e.store, { codigo: requestCode, idObra: site.id, descripcion: 'Traslado E2E', materials, idUnidad: und.id, cantidad: 3, order: ORDER, idSicam: 'SIM-E2E-TRAS' });

  // The central entries, imported through the API as the storekeeper would.
  const file = await centralEntriesFile(
    materials.map((m, i) => ({ numero: i + 1, codigo_obra: site.codigo, fecha: '2026-11-20', codigo: m.codigo, nombre: m.nombre, albaran: 'ALB-E2E-TR', cantidad: 3, importe: 30, orden: ORDER })),
  );
  const form = new FormData();
  form.append('archivo', new File([file], 'ingresos-traslado.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const reply = await (await apiAs(e2e.baseUrl, 'almacen.central@faena.pe'))('/almacen_central_entradas_archivos', form);
  expect([reply.validos, reply.nuevos]).toEqual([2, 2]);
});

const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe('transfer request (real Chromium, real API)', () => {
  it('requests the transfer of a selected group, which becomes Solicitado; its products open; the export equals the list', async () => {
    const started = Date.now();
    const { context, page } = await e2e.signIn('almacen.central@faena.pe');
    // The menu entry opens the screen (not 'Página no encontrada').
    await page.getByRole('navigation', { name: 'Menú principal' }).first().getByRole('link', { name: TITLE }).click({ timeout: WAIT });
    await page.waitForURL((u) => u.pathname === '/traslado_materiales', { timeout: WAIT });
    await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: WAIT });
    expect(await page.getByText('Página no encontrada').count()).toBe(0);

    await page.goto(`${e2e.baseUrl}/traslado_materiales?numero_orden_compra=${ORDER}`);
    await settled(page, TITLE);
    const table = page.getByRole('table', { name: TITLE });
    const rows = table.locator('tbody > tr').filter({ hasText: ORDER });
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(2);
    expect(await rows.filter({ hasText: 'Sin solicitar' }).count()).toBe(2);
    const [first, second] = materials.map((m) => rows.filter({ hasText: m.codigo }));

    // The action: disabled with nothing selected, its label counts the selection.
    const one = page.getByRole('button', { name: 'Solicitar traslado', exact: true });
    expect(await one.isDisabled()).toBe(true);
    await first.getByRole('checkbox', { name: 'Seleccionar fila' }).check();
    await second.getByRole('checkbox', { name: 'Seleccionar fila' }).check();
    await page.getByRole('button', { name: 'Solicitar 2 traslados' }).waitFor();
    await second.getByRole('checkbox', { name: 'Seleccionar fila' }).uncheck();
    expect(await one.isEnabled()).toBe(true);

    // Cancelling the confirmation sends nothing; confirming sends one request.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/traslado_materiales/create')) calls.push(r.postData() ?? '');
    });
    await one.click();
    let ask = page.getByRole('alertdialog');
    await ask.getByText('Se solicitará el traslado a obra del ingreso seleccionado. ¿Desea continuar?').waitFor();
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(calls).toEqual([]);
    await one.click();
    ask = page.getByRole('alertdialog');
    await ask.getByRole('button', { name: 'Solicitar', exact: true }).click();
    await page.getByText('Traslado solicitado').first().waitFor({ timeout: WAIT });
    expect(calls.map((c) => JSON.parse(c))).toEqual([{ traslados: [{ numero_orden_compra: ORDER, codigo_recurso: materials[0].codigo }] }]);

    // The row becomes 'Solicitado', the other stays; the selection is cleared.
    await first.getByText('Solicitado', { exact: true }).waitFor({ timeout: WAIT });
    expect(await second.getByText('Sin solicitar', { exact: true }).count()).toBe(1);
    expect(await one.isDisabled()).toBe(true);
    const [stored] = await e2e.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_traslados_solicitados WHERE numero_orden_compra = ${ORDER} AND codigo_recurso = ${materials[0].codigo}`;
    expect(stored.n).toBe(1);

    // The 'requested' filter keeps only it.
    await page.goto(`${e2e.baseUrl}/traslado_materiales?numero_orden_compra=${ORDER}&traslado_solicitado=1`);
    await settled(page, TITLE);
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(1);
    expect(await rows.first().innerText()).toContain(materials[0].codigo);
    await page.goto(`${e2e.baseUrl}/traslado_materiales?numero_orden_compra=${ORDER}`);
    await settled(page, TITLE);
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(2);

    // A row opens its requested products.
    await first.getByRole('button', { name: 'Ver detalle' }).click();
    const products = page.getByRole('table', { name: `Productos de ${materials[0].codigo}, ${ORDER}` });
    await products.getByRole('cell', { name: requestCode }).waitFor({ timeout: WAIT });
    expect(await products.innerText()).toContain('En almacén central');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, 'traslado-materiales.png') });

    // The export: the same groups as the list, the requested one flagged.
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2, 5).map((td) => td.textContent.trim())));
    const flags = await rows.evaluateAll((trs) => trs.map((tr) => (tr.textContent.includes('Sin solicitar') ? 0 : 1)));
    const sheet = await exportedSheet(page);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 7).map(String)).toEqual(['Orden de compra', 'Código', 'Descripción', 'Entrada', 'Trasladado', 'Traslado solicitado']);
    const exported: string[][] = [];
    const exportedFlags: number[] = [];
    sheet.eachRow((r, n) => {
      if (n === 1) return;
      exported.push([1, 2, 3].map((c) => String(r.getCell(c).value ?? '')));
      exportedFlags.push(Number(r.getCell(6).value));
      expect(Number(r.getCell(4).value)).toBe(3);
    });
    expect(exported).toEqual(shown);
    expect(exportedFlags).toEqual(flags);

    // The requested product's own row on /solicitud_compra_productos opens its central entry.
    await page.goto(`${e2e.baseUrl}/solicitud_compra_productos?numero_orden=${ORDER}`);
    const product = page.getByRole('table', { name: 'Productos solicitados' }).locator('tbody > tr').filter({ hasText: materials[0].codigo });
    await product.getByRole('button', { name: 'Ver detalle' }).click({ timeout: WAIT });
    const entered = page.getByRole('table', { name: `Ingresos al almacén central de ${materials[0].codigo} ${requestCode}` });
    await entered.getByRole('cell', { name: 'ALB-E2E-TR' }).waitFor({ timeout: WAIT });
    expect(await entered.innerText()).toContain('ingresos-traslado.xlsx');
    // Nothing was issued at site yet: its exits say so.
    await page.getByRole('heading', { name: 'Salidas en obra' }).locator('xpath=..').getByText('Sin items...').waitFor({ timeout: WAIT });
    await context.close();
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('on a 390 px phone: the groups as cards with their state, no sideways scroll', async () => {
    const { context, page } = await e2e.signIn('almacen.central@faena.pe', { path: `/traslado_materiales?numero_orden_compra=${ORDER}`, viewport: { width: 390, height: 844 } });
    await settled(page, TITLE);
    const cards = page.getByRole('list', { name: TITLE }).getByRole('listitem').filter({ hasText: ORDER });
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(2);
    expect(await cards.filter({ hasText: 'Solicitado' }).filter({ hasText: materials[0].codigo }).count()).toBe(1);
    expect(await sideways(page)).toBe(0);
    await page.getByRole('button', { name: 'Solicitar traslado', exact: true }).waitFor();
    expect(await sideways(page)).toBe(0);
    await context.close();
  }, 60_000);
});
