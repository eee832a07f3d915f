import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shots, useE2e } from '../../../../tests/harness/e2e';
import { seedStockMoves } from '../../../../tests/harness/seed-store';

// Issue 19: the monthly currency rates under Configuración, in real Chromium against the real API:
// reached from the settings screen, refused with the server's Spanish messages under the fields,
// saved into the list.
const e2e = useE2e();

type Rate = { moneda: string; mes: string; tasa: string };

/** Types a rate into the rate dialog and saves it ('Guardar'). */
async function saveRate(dialog: Locator, rate: Rate): Promise<void> {
  await dialog.getByLabel('Moneda').fill(rate.moneda);
  await dialog.getByLabel('Mes').fill(rate.mes);
  await dialog.getByLabel('Tipo de cambio (S/)').fill(rate.tasa);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
}

/** 'Nuevo' on the rates screen, then the rate saved in its dialog; returns the dialog. */
async function newRate(page: Page, rate: Rate): Promise<Locator> {
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Nuevo tipo de cambio' }).waitFor();
  await saveRate(dialog, rate);
  return dialog;
}

describe('currency rates (real Chromium, real API)', () => {
  it('from Configuración: a bad rate shows its errors, a good one lands in the list', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/settings' });
    page.setDefaultTimeout(30_000);
    await page.getByRole('link', { name: 'Tipos de cambio' }).click();
    await page.waitForURL(/\/settings\/tipos_cambio/);
    await page.getByRole('heading', { name: 'Tipos de cambio' }).first().waitFor();

    const dialog = await newRate(page, { moneda: 'pen', mes: '2026-13', tasa: '0' });
    await dialog.getByText('Revise los campos marcados').waitFor();
    await dialog.getByText('Los costos se llevan en soles: registre solo otras monedas', { exact: true }).waitFor();
    await dialog.getByText('Ingrese el mes como AAAA-MM', { exact: true }).waitFor();
    await dialog.getByText('Debe ser mayor a 0', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Mes').getAttribute('aria-invalid')).toBe('true');

    await saveRate(dialog, { moneda: 'usd', mes: '2026-03', tasa: '3.7521' });
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: '2026-03' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('USD');
    expect(text).toContain('3.7521');
    await page.screenshot({ path: join(shots, 'tipos-cambio.png') });
    await context.close();
  }, 120_000);

  it('a KPI screen says which costs are left out for lack of a rate, until the rate is entered', async () => {
    // A demo work order receives a part whose cost is partly USD of February 2026, a month with no rate.
    const [ot] = await e2e.sql<{ id: number; id_obra: number }[]>`
      SELECT id::int, id_obra::int FROM rm_ordenes_trabajo WHERE id_equipo IS NOT NULL AND estado <> 2 ORDER BY id LIMIT 1`;
    const key = { almacen: 'obra' as const, id_obra: ot.id_obra, codigo: 'T-FX-E2E' };
    const base = { key, id_material: null, descripcion: 'Repuesto importado', by: null };
    await seedStockMoves(e2e.store, async (m) => {
      await m.move({
        ...base, motivo: 'ingreso_oc', cantidad: 2, costo_unitario: 0, sin_tipo_cambio: { 'USD:2026-02': 40 },
        cambio: { moneda: 'USD', mes: '2026-02', costo_moneda: 20, id_tipo_cambio: null, tasa: null }, documento: { tipo: 'archivo_entradas', id: 1, referencia: 'OC-FX' },
      });
      await m.move({ ...base, motivo: 'salida', cantidad: -1, costo_unitario: null, id_orden_trabajo: ot.id, documento: { tipo: 'salida_obra', id: 1, referencia: 'VS-FX' } });
    });
    // The projector running beside the API takes the exit in.
    await expect.poll(async () => (await e2e.sql`SELECT 1 FROM rm_kpi_repuestos_moneda WHERE id_orden_trabajo = ${ot.id}`).length, { timeout: 30_000 }).toBe(1);

    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/kpis_generales?id_obra=${ot.id_obra}` });
    page.setDefaultTimeout(30_000);
    const note = page.getByRole('status').filter({ hasText: 'Hay 1 ingreso en USD sin tipo de cambio de 02/2026: su costo no se incluye' });
    await note.waitFor();
    await page.screenshot({ path: join(shots, 'kpis-nota-tipo-cambio.png') });

    await page.goto(`${e2e.baseUrl}/settings/tipos_cambio`);
    const dialog = await newRate(page, { moneda: 'USD', mes: '2026-02', tasa: '3.7' });
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${e2e.baseUrl}/kpis_generales?id_obra=${ot.id_obra}`);
    await page.getByRole('heading', { name: 'KPIs generales' }).waitFor();
    await page.getByText('Costo MP').first().waitFor();
    expect(await page.getByText('sin tipo de cambio de 02/2026').count()).toBe(0);
    await context.close();
  }, 120_000);
});
