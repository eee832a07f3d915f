import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillDate, rowAction, settled, shots, useE2e, WAIT } from '../../../../tests/harness/e2e';
import { exportedSheet } from '../../../../tests/harness/xlsx';
import { type StockKey, seedStockMoves } from '../../../../tests/harness/seed-store';

// 'Stock por almacén' and 'Kárdex' end to end (issue 17): a material's central balance is on the
// list; a movement recorded while the screen is open changes it without a reload; the balance as of
// the end of a past day comes from the events; a row opens its kárdex, whose export equals its rows.

const e2e = useE2e();
const key: StockKey = { almacen: 'central', id_obra: 0, codigo: 'E2E-STK-01' };

const move = (cantidad: number, referencia: string, occurredAt?: Date) =>
  seedStockMoves(e2e.store, async (m) => {
    await m.lock([key]);
    await m.move({ key, id_material: null, descripcion: 'Filtro de prueba del kárdex', motivo: cantidad > 0 ? 'ingreso_oc' : 'traslado', cantidad, costo_unitario: 12.5, documento: { tipo: cantidad > 0 ? 'archivo_entradas' : 'traslado', id: 1, referencia }, by: null });
  }, occurredAt ? { metadata: {} } : {});

beforeAll(async () => {
  await move(8, 'OC-E2E / ALB-1');
  // Back-dated to 3 January 2026 (the as-of panel reads events by when they happened).
  await e2e.sql`UPDATE es_events SET occurred_at = '2026-01-03T15:00:00Z' WHERE stream_type = 'stock' AND data->>'codigo' = ${key.codigo}`;
  await e2e.sql`UPDATE rm_stock_movimientos SET fecha = '2026-01-03T15:00:00Z' WHERE codigo = ${key.codigo}`;
});

describe('stock by warehouse and the kárdex (real Chromium, real API)', () => {
  it('the balance is listed and follows a new movement live; as of a past day from the events; a row opens its kárdex, whose export equals the list', async () => {
    const started = Date.now();
    const { context, page } = await e2e.signIn('almacen.central@faena.pe', { path: '/stock_almacen' });
    await settled(page, 'Stock por almacén');
    const search = page.getByRole('searchbox').first();
    await search.fill(key.codigo);
    await search.press('Enter');
    const table = page.getByRole('table', { name: 'Stock por almacén' });
    const row = table.getByRole('row').filter({ hasText: key.codigo });
    await row.filter({ hasText: '8.00' }).waitFor({ timeout: WAIT });
    expect(await row.textContent()).toContain('S/ 100.00');

    // A transfer of 3 recorded elsewhere: the list follows without a reload.
    await move(-3, 'G-E2E-1');
    await row.filter({ hasText: '5.00' }).waitFor({ timeout: WAIT });
    await page.screenshot({ path: join(shots, 'stock-por-almacen.png') });

    // As of 2 January nothing had entered; as of 3 January, 8 (the later transfer is today).
    await fillDate(page, 'Al cierre del día', '2026-01-02');
    const asOf = page.getByRole('table', { name: 'Stock al 02/01/2026' });
    await page.getByText('Sin items...').or(asOf).first().waitFor({ timeout: WAIT });
    await fillDate(page, 'Al cierre del día', '2026-01-03');
    const day3 = page.getByRole('table', { name: 'Stock al 03/01/2026' });
    await day3.getByRole('row').filter({ hasText: key.codigo }).filter({ hasText: '8.00' }).waitFor({ timeout: WAIT });
    await page.screenshot({ path: join(shots, 'stock-al-dia.png') });

    // The row opens its kárdex.
    await rowAction(row, 'Ver kárdex');
    await page.waitForURL(/\/stock_movimientos\?/);
    const ledger = page.getByRole('table', { name: 'Kárdex de stock' });
    await settled(page, 'Kárdex de stock');
    await ledger.getByRole('row').filter({ hasText: 'G-E2E-1' }).waitFor({ timeout: WAIT });
    const shown = await ledger.locator('tbody > tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim())));
    expect(shown).toHaveLength(2);
    await page.screenshot({ path: join(shots, 'kardex.png') });

    const sheet = await exportedSheet(page);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 9)).toEqual(['Fecha', 'Almacén', 'Código', 'Descripción', 'Movimiento', 'Documento', 'Cantidad', 'Saldo anterior', 'Saldo']);
    const exported: [string, number, number][] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) exported.push([String(r.getCell(6).value), Number(r.getCell(7).value), Number(r.getCell(9).value)]);
    });
    expect(exported).toEqual([['Traslado 1 · G-E2E-1', -3, 5], ['Archivo de ingreso 1 · OC-E2E / ALB-1', 8, 8]]);
    // The same rows as the screen: document, quantity and balance of each.
    expect(shown.map((r) => [r.find((c) => c.startsWith('Traslado 1') || c.startsWith('Archivo')), r.find((c) => /^[+-]/.test(c))])).toEqual([['Traslado 1 · G-E2E-1', '-3.00'], ['Archivo de ingreso 1 · OC-E2E / ALB-1', '+8.00']]);
    await context.close();
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
