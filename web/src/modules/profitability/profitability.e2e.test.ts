import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from '../../../../tests/harness/axe';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';

// The profitability report end to end (issue 19; seed 002 §2, §4, §5, §9) on the demo's year:
// 'Seleccione una gráfica' until a chart is chosen; chart 1's bars show 6 rows and scroll for more;
// the four tabs re-derive the table with no new request (counted in the browser); the TOTAL row;
// a header's formula on keyboard focus; changing the chart clears the filters and the results; a
// donut slice (radii 80/120, height 400) opens the cost breakdown and the summary; the empty
// range says 'No hay información para este rango de fechas'; the panel hides and reopens; a phone
// at 390 px. Screenshots for docs/modules/reports.md.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const viewport = { width: 1366, height: 1100 };

/** The API requests the page sends from now on. */
function countApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) seen.push(`${r.method()} ${path}`);
  });
  return seen;
}

async function pickChart(page: Page, id: string) {
  const select = page.getByLabel('Gráfica');
  await expect.poll(() => select.isEnabled(), { timeout: WAIT }).toBe(true);
  await select.selectOption(id);
  await page.waitForURL((u) => u.searchParams.get('id_selected') === id, { timeout: WAIT });
}

describe('profitability report (real Chromium, real API)', () => {
  it('bars of chart 1 with 6 rows in view, tabs without a request, TOTAL, formulas, the chart change clears, the donut opens the breakdown, the empty range', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/reporte_rentabilidad', viewport });
    await page.getByRole('heading', { name: 'Reporte de rentabilidad', level: 1 }).waitFor({ timeout: WAIT });
    await page.getByRole('main').getByText('Seleccione una gráfica', { exact: true }).last().waitFor({ timeout: WAIT });
    expect(await page.getByRole('button', { name: 'Buscar', exact: true }).isDisabled()).toBe(true);

    // Chart 1: its filters, then Buscar.
    await pickChart(page, '1');
    for (const name of ['Obras', 'Descripción', 'Equipos', 'Marcas', 'Modelos']) await page.getByRole('button', { name: new RegExp(`^${name}`) }).waitFor({ timeout: WAIT });
    await page.getByRole('button', { name: /^Meses/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Meses/ }).textContent()).toContain('Todas los meses');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const bars = page.locator('svg[data-chart="barras-equipo"]');
    await bars.waitFor({ timeout: WAIT });
    const scroll = page.getByTestId('barras-equipo-scroll');
    expect(await scroll.getAttribute('data-filas-visibles')).toBe('6');
    const rows = await bars.locator('g[data-row]').count();
    expect(rows).toBeGreaterThan(6);
    // Exactly 6 rows are in view; the others are reached by scrolling.
    const inView = () =>
      scroll.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('g[data-row]')].filter((g) => {
          const r = g.getBoundingClientRect();
          const mid = r.top + r.height / 2;
          return mid > box.top && mid < box.bottom;
        }).length;
      });
    expect(await inView()).toBe(6);
    expect(await scroll.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Green for positive, red for negative (seed 002 §9).
    const fills = await bars.locator('rect[data-series="rentabilidad_total"]').evaluateAll((rs) => [...new Set(rs.map((r) => r.getAttribute('fill')))]);
    for (const f of fills) expect(['#15803d', '#b91c1c']).toContain(f);
    // The axis shortens at K or M.
    expect((await page.locator('.visx-axis-tick').allTextContents()).some((t) => /\d(K|M)$/.test(t))).toBe(true);
    await page.screenshot({ path: join(shots, 'reporte-rentabilidad-barras.png'), fullPage: true });

    // The four tabs re-derive the table from the one reply: no request at all.
    const table = page.getByTestId('tabla-rentabilidad');
    await table.locator('tfoot').getByText('TOTAL').waitFor();
    const requests = countApi(page);
    const tabsToVisit = [
      { tab: 'Resultado General', column: 'Gastos generales' },
      { tab: 'Resultado por hora', column: 'Costo total por hora' },
      { tab: 'Resultado general por hora', column: 'Horas trabajadas' },
      { tab: 'Resultado Unitario', column: 'Costo MP' },
    ];
    for (const { tab, column } of tabsToVisit) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect.poll(() => page.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('tabla-rentabilidad').getByRole('columnheader', { name: new RegExp(`^${column}`) }).first().waitFor();
      expect(await page.getByTestId('tabla-rentabilidad').locator('tbody tr').count()).toBe(rows);
    }
    expect(requests).toEqual([]);
    // The TOTAL row: figures rounded up, the percentage left empty (seed 002 §5).
    const total = page.getByTestId('tabla-rentabilidad').locator('tfoot tr');
    expect((await total.locator('td[data-col="porcentaje_rentabilidad"]').textContent())?.trim()).toBe('');
    expect(await total.locator('td[data-col="costo"]').textContent()).toMatch(/^-?S\/ -?\d{1,3}(,\d{3})*\.\d{2}$/);
    // A header's formula, on keyboard focus.
    await page.getByTestId('tabla-rentabilidad').getByRole('columnheader', { name: /^Rentabilidad/ }).first().locator('[tabindex="0"]').focus();
    await page.getByRole('tooltip', { name: 'Monto facturado − costo' }).waitFor({ state: 'visible' });

    // A filter, then another chart: every selection and the results go.
    await page.getByRole('button', { name: /^Descripción/ }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.searchParams.has('subgrupos'), { timeout: WAIT });
    await pickChart(page, '3');
    const url = new URL(page.url());
    expect([...url.searchParams.keys()].sort()).toEqual(['id_selected']);
    await page.getByText('Use el buscador').waitFor();
    expect(await page.getByTestId('tabla-rentabilidad').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Equipos/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Descripción/ }).textContent()).toContain('Todos');

    // Chart 3: the donut of positive profitability; a slice opens the breakdown and the summary.
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    const donut = page.locator('svg[data-chart="dona"]');
    await donut.waitFor({ timeout: WAIT });
    expect(await donut.getAttribute('height')).toBe('400');
    // The ring is 240 px across (outer radius 120) and 80 px from the centre inside.
    const ring = await donut.locator('g').first().evaluate((g) => Math.round((g as SVGGElement).getBBox().width));
    expect(ring).toBeLessThanOrEqual(241);
    expect(ring).toBeGreaterThanOrEqual(200);
    const slice = donut.locator('path[data-slice]').first();
    await slice.click();
    await page.waitForURL((u) => u.searchParams.has('item'));
    const desglose = page.getByTestId('desglose');
    await desglose.waitFor();
    for (const label of ['Costo total', 'Monto facturado', 'Rentabilidad']) await desglose.getByText(label, { exact: true }).waitFor();
    expect(await desglose.locator('svg[data-chart="desglose"] rect[data-series]').count()).toBe(6);
    expect(await desglose.getByText(/^-?S\/ /).count()).toBe(3);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'reporte-rentabilidad-dona.png'), fullPage: true });
    // The keyboard way: the legend's buttons.
    await page.getByRole('list', { name: 'Elementos de la dona' }).getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('list', { name: 'Elementos de la dona' }).getByRole('button').first().getAttribute('aria-pressed')).toBe('true');

    // The panel hides and comes back with its small button.
    await page.getByRole('button', { name: 'Ocultar Filtros' }).click();
    expect(await page.getByRole('complementary', { name: 'Filtros' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mostrar filtros' }).click();
    await page.getByRole('complementary', { name: 'Filtros' }).waitFor();

    // A range without data.
    await page.goto(`${e2e.baseUrl}/reporte_rentabilidad?id_selected=1&buscar=1&date_from=2001-01-01&date_to=2001-03-31`);
    await page.getByText('No hay información para este rango de fechas').waitFor({ timeout: WAIT });
    await context.close();
  }, 120_000);

  it('at 390 px the report fits the phone: no sideways page scroll, the donut and the table scroll inside their card', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/reporte_rentabilidad?id_selected=2&buscar=1', viewport: { width: 390, height: 844 } });
    const donut = page.locator('svg[data-chart="dona"]');
    await donut.waitFor({ timeout: WAIT });
    await donut.locator('path[data-slice]').first().click();
    await page.getByTestId('desglose').waitFor();
    await page.getByTestId('tabla-rentabilidad').waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    await page.screenshot({ path: join(shots, 'reporte-rentabilidad-390.png'), fullPage: true });
    await context.close();
  }, 120_000);
});
