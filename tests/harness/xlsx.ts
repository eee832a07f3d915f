import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openMenu } from './e2e';

// Excel files in browser tests: the purchasing system's central-entries file a test imports, and
// the first sheet of a list's Excel export.

/** One row of the central-entries file: a material entered at site `codigo_obra` under `orden`. */
export type CentralEntryRow = { numero: number; codigo_obra: string; fecha: string; codigo: string; nombre: string; albaran: string; cantidad: number; importe: number; orden: string };

/** The purchasing system's central-entries Excel (seed 002 L71): its header row, then `rows`
 * (in PEN, of November 2026, unit UND). */
export async function centralEntriesFile(rows: CentralEntryRow[]): Promise<Buffer<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(['numero', 'codigo_obra', 'descripcion_obra', 'moneda', 'fecha_desde', 'fecha_hasta', 'procedencia', 'fecha_movimiento', 'codigo_recurso',
    'descripcion_recurso', 'unidad', 'albaran', 'cantidad', 'importe', 'numero_orden_compra']);
  for (const r of rows) {
    ws.addRow([r.numero, r.codigo_obra, 'Obra', 'PEN', '2026-11-01', '2026-11-30', 'Proveedor', r.fecha, r.codigo, r.nombre, 'UND', r.albaran, r.cantidad, r.importe, r.orden]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Exports the list on `page` to Excel from its 'Exportar' menu: the file's name matches `name`;
 * answers its first sheet. */
export async function exportedSheet(page: Page, name: RegExp = /\.xlsx$/): Promise<ExcelJS.Worksheet> {
  await openMenu(page, page.getByRole('button', { name: /Exportar/ }));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Excel/ }).click()]);
  expect(download.suggestedFilename()).toMatch(name);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await download.path()) as never);
  return book.worksheets[0];
}
