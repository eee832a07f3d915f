import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';

// The KPI screens end to end (issue 19) on the demo's year: /kpis_equipos with each formula on
// its header (hover and keyboard focus) and figures that open the orders they count;
// /kpis_generales' blocks; /kpis_reporte's chart of at most 10 sites with three series and its
// report kinds. Screenshots for docs/modules/reports.md.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const viewport = { width: 1366, height: 1000 };

describe('KPI screens (real Chromium, real API)', () => {
  it('KPIs de equipos: a row per machine, formula tooltips on the headers, a figure opens its work orders filtered', async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: '/kpis_equipos', viewport });
    await page.getByRole('heading', { name: 'KPIs de equipos', level: 1 }).waitFor({ timeout: WAIT });
    const table = page.getByRole('table');
    await table.locator('tbody tr').first().waitFor({ timeout: WAIT });
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await table.locator('tfoot').getByText('TOTAL').count()).toBe(1);
    // Amounts as the report shows them: S/ with two decimals.
    expect(await table.locator('tbody td').filter({ hasText: /^S\/ \d{1,3}(,\d{3})*\.\d{2}$/ }).count()).toBeGreaterThan(0);

    // The MTBF header's formula, on keyboard focus.
    const mtbf = page.getByRole('columnheader', { name: /MTBF/ }).locator('[tabindex="0"]');
    await mtbf.focus();
    const tip = page.getByRole('tooltip', { name: /Tiempo medio entre fallas/ });
    await tip.waitFor({ state: 'visible', timeout: WAIT });
    await page.screenshot({ path: join(shots, 'kpis-equipos.png') });

    // A machine's OTs open the work-order list filtered by that machine and the period.
    const first = table.locator('tbody tr').first();
    await first.getByRole('link', { name: /^OTs de / }).click();
    await page.waitForURL((u) => u.pathname === '/ordenes_trabajo' && u.searchParams.has('id_equipo') && u.searchParams.has('date_from'), { timeout: WAIT });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT });
  });

  it("the work-order form offers the maintenance type, MC by default, with the catalogue's names", async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: '/ordenes_trabajo/nuevo', viewport });
    const tipo = page.getByRole('combobox', { name: 'Tipo de mantenimiento', exact: true });
    await tipo.waitFor({ timeout: WAIT });
    await expect.poll(() => tipo.inputValue(), { timeout: WAIT }).toBe('Mantenimiento correctivo');
    await tipo.click();
    await page.getByRole('option', { name: 'Mantenimiento preventivo' }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('option').allTextContents()).toEqual(expect.arrayContaining(['Mantenimiento preventivo', 'Mantenimiento correctivo', 'Mantenimiento correctivo por daño']));
  });

  it('KPIs generales: the blocks of the site with their figures', async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: '/kpis_generales', viewport });
    await page.getByRole('heading', { name: 'KPIs generales', level: 1 }).waitFor({ timeout: WAIT });
    for (const name of ['Órdenes de trabajo', 'Horas de los equipos', 'Disponibilidad y confiabilidad', 'Costos de mantenimiento', 'Preventivo y correctivo']) {
      await page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: WAIT });
    }
    expect(await page.getByRole('link', { name: /^MTTR \(h\): / }).count()).toBe(1);
    await page.screenshot({ path: join(shots, 'kpis-generales.png'), fullPage: true });
  });

  it('Reporte de KPIs: at most the first 10 sites with three series, the five kinds, rows per kind', async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: '/kpis_reporte', viewport });
    await page.getByRole('heading', { name: 'Reporte de KPIs', level: 1 }).waitFor({ timeout: WAIT });
    const chart = page.getByTestId('kpi-chart');
    await chart.waitFor({ timeout: WAIT });
    const bars = chart.locator('rect[data-series]');
    const n = await bars.count();
    expect(n % 3).toBe(0);
    expect(n / 3).toBeGreaterThan(0);
    expect(n / 3).toBeLessThanOrEqual(10);
    for (const s of ['costo_mp_hora', 'costo_mc_hora', 'costo_mcd_hora']) expect(await chart.locator(`rect[data-series="${s}"]`).count()).toBe(n / 3);
    await page.screenshot({ path: join(shots, 'kpis-reporte.png'), fullPage: true });

    // Kind 5: one row per maintenance type.
    await page.getByLabel('Reporte').selectOption('5');
    await page.waitForURL((u) => u.searchParams.get('id_reporte') === '5', { timeout: WAIT });
    await page.getByRole('heading', { name: 'Costos por grupo funcional', level: 2 }).waitFor({ timeout: WAIT });
    await page.locator('tbody tr').nth(2).waitFor({ timeout: WAIT });
    expect(await page.locator('tbody tr').count()).toBe(3);
    expect(await page.locator('tbody th').allTextContents()).toEqual([expect.stringMatching(/^MP/), expect.stringMatching(/^MC/), expect.stringMatching(/^MCD/)]);
  });
});
