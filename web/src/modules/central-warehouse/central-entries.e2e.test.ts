import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { centralEntriesFile } from '../../../../tests/harness/xlsx';
import { seedRequestInOrder } from '../../../../tests/harness/seed-store';

// Central entries from Excel in Chromium (issue 17): the central storekeeper imports a workbook
// with one row of an unknown purchase order, watches the counts and the invalid row with its
// reason, and finds the valid entries in the entries list, where a row expands to the requested
// product it brought to 'En almacén central'.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const ORDER = 'OC-E2E-0001';
const materials: { id: number; codigo: string; nombre: string }[] = [];
let siteCode = '';

/** A compra of two materials driven through the request's commands to 7 'En OC' under ORDER. */
beforeAll(async () => {
  const [site] = await e2e.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`;
  siteCode = site.codigo;
  materials.push(...(await e2e.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_materiales WHERE codigo <> '' ORDER BY id LIMIT 2`));
  const [und] = await e2e.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  await seedRequestInOrder(e2e.store, { codigo: `${site.codigo}-SC-E2E001`, idObra: site.id, descripcion: 'Ingreso E2E', materials, idUnidad: und.id, cantidad: 2, order: ORDER, idSicam: 'SIM-E2E' });
});

async function workbook(): Promise<Buffer> {
  const row = (numero: number, m: { codigo: string; nombre: string }, cantidad: number, orden: string) =>
    ({ numero, codigo_obra: siteCode, fecha: '2026-11-20', codigo: m.codigo, nombre: m.nombre, albaran: 'ALB-E2E-1', cantidad, importe: 250, orden });
  return centralEntriesFile([row(1, materials[0], 2, ORDER), row(2, materials[1], 1, ORDER), row(3, materials[0], 1, 'OC-NO-EXISTE')]);
}

describe('central entries from Excel (real Chromium)', () => {
  it('imports a file with one bad row, shows the invalid row with its reason, and lists the entries with their requested products', async () => {
    const { page } = await e2e.signIn('almacen.central@faena.pe', { path: '/almacen_central_entradas_archivos' });
    await page.getByRole('heading', { name: 'Archivos de ingreso' }).waitFor({ timeout: WAIT });
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Importar ingresos al almacén central' }).waitFor();
    const importButton = dialog.getByRole('button', { name: 'Importar', exact: true });
    expect(await importButton.isDisabled()).toBe(true);

    // A pdf renamed .xlsx is refused by the server with its message.
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'falso.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await importButton.click();
    await dialog.getByRole('alert').filter({ hasText: 'Solo se aceptan hojas de cálculo Excel' }).waitFor({ timeout: WAIT });

    await dialog.locator('input[type="file"]').setInputFiles({ name: 'ingresos-noviembre.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook() });
    await importButton.click();
    await dialog.getByRole('status').filter({ hasText: 'Archivo procesado' }).waitFor({ timeout: WAIT });
    const invalid = dialog.getByRole('region', { name: 'Filas inválidas' });
    await invalid.waitFor();
    expect(await invalid.locator('tbody tr').count()).toBe(1);
    const bad = await invalid.locator('tbody tr').first().innerText();
    expect(bad).toContain('La orden de compra no corresponde a ningún producto solicitado');
    expect(bad).toContain('OC-NO-EXISTE');
    const box = await invalid.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(400);
    expect(await dialog.locator('dd').allInnerTexts()).toEqual(['2', '2', '0', '1']);
    await page.screenshot({ path: join(shots, 'almacen-central-entradas-importar.png') });
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));

    const file = page.getByRole('row').filter({ hasText: 'ingresos-noviembre.xlsx' });
    await file.waitFor({ timeout: WAIT });
    expect(await file.innerText()).toContain('Procesado');
    await page.screenshot({ path: join(shots, 'almacen-central-entradas-archivos.png') });

    await page.goto(`${e2e.baseUrl}/almacen_central_entradas?numero_orden_compra=${ORDER}`);
    await page.getByRole('heading', { name: 'Ingresos al almacén central' }).waitFor({ timeout: WAIT });
    const rows = page.getByRole('row').filter({ hasText: ORDER });
    await rows.first().waitFor({ timeout: WAIT });
    expect(await rows.count()).toBe(2);
    const first = rows.filter({ hasText: materials[0].codigo });
    await first.getByRole('button', { name: 'Ver detalle' }).click();
    const products = page.getByRole('table', { name: new RegExp(`Productos solicitados de ${materials[0].codigo}`) });
    await products.waitFor({ timeout: WAIT });
    expect(await products.innerText()).toContain('En almacén central');
    await page.screenshot({ path: join(shots, 'almacen-central-entradas.png') });
  }, 180_000);
});
