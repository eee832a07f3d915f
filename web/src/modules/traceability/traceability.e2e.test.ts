import { businessToday } from '@shared/time';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillDate, useE2e, openMenu, projectRoot } from '../../../../tests/harness/e2e';

// The traceability screens end to end (issue 18; seed 002 §2, §5, §9): Trazabilidad Global's
// panel stays disabled until both dates (with its tooltip), the Gantt draws the 18 milestones on
// 16 hour markers, the cards toggle their bars and the last one stays on, the table behind it
// exports to xlsx and PDF (the server's export); Trazabilidad por OT counts the orders, says 'Seleccionar una OT' until one is
// picked, then shows its header card and a timeline whose bars show their tooltip on hover and on
// keyboard focus. The demo's work orders span the last year.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;

const today = businessToday(new Date());
const yearAgo = businessToday(new Date(Date.now() - 400 * 86_400_000));

const gantt = (page: Page) => page.locator('svg[data-chart="gantt"]');
/** Tall enough for the screenshots to hold the whole screen. */
const viewport = { width: 1366, height: 1200 };

describe('traceability screens (real Chromium, real API)', () => {
  it('Trazabilidad Global: disabled until both dates, 18 milestones on 16 markers, cards toggle the bars, the last one stays, xlsx and PDF export from the server', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/trazabilidad_global', viewport });
    await page.getByRole('heading', { name: 'Trazabilidad Global', level: 1 }).waitFor({ timeout: WAIT });

    // Without dates every filter is disabled and says why.
    const cerradas = page.getByRole('checkbox', { name: 'Cerradas' });
    expect(await cerradas.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Promedio' }).isDisabled()).toBe(true);
    expect(await page.locator('label', { has: cerradas }).getAttribute('title')).toBe('Seleccione un rango de fechas primero');
    expect(await page.locator('fieldset[title]').first().getAttribute('title')).toBe('Seleccione un rango de fechas primero');
    expect(await page.getByRole('button', { name: /Todas las obras/ }).isDisabled()).toBe(true);
    await page.getByRole('main').getByText('Seleccione un rango de fechas primero').first().waitFor();

    // Both dates: the panel opens, the search runs.
    await page.getByRole('button', { name: /Rango de fechas/ }).click();
    await fillDate(page, 'Desde', yearAgo);
    await fillDate(page, 'Hasta', today);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL((u) => u.searchParams.get('date_from') === yearAgo && u.searchParams.get('date_to') === today);
    expect(await cerradas.isDisabled()).toBe(false);
    expect(await page.locator('div[title="Seleccione una o más obras"]').count()).toBe(1);

    await gantt(page).waitFor({ timeout: WAIT });
    expect(await gantt(page).locator('[data-hito]').count()).toBe(18);
    expect(await gantt(page).locator('.visx-axis-tick').count()).toBe(16);
    for (const s of ['min', 'promedio', 'max']) expect(await gantt(page).locator(`rect[data-series="${s}"]`).count(), s).toBe(18);
    // Green, yellow, red (seed 002 §9).
    expect(await gantt(page).locator('rect[data-series="promedio"]').first().getAttribute('fill')).toBe('#facc15');
    await page.screenshot({ path: join(shots, 'trazabilidad-global.png') });

    // The 'Promedio' card hides the yellow bars; then min off; max, the last one, stays on.
    const card = (name: string) => page.getByRole('group', { name: 'Tiempos totales' }).getByRole('button', { name: new RegExp(`^${name}`) });
    await card('Promedio').click();
    await page.waitForURL((u) => u.searchParams.has('ocultar'));
    expect(await card('Promedio').getAttribute('aria-pressed')).toBe('false');
    expect(await gantt(page).locator('rect[data-series="promedio"]').count()).toBe(0);
    expect(await gantt(page).locator('rect[data-series="min"]').count()).toBe(18);
    await card('Horas Mínimas').click();
    await gantt(page).locator('rect[data-series="min"]').first().waitFor({ state: 'detached' });
    await card('Horas Máximas').click();
    expect(await card('Horas Máximas').getAttribute('aria-pressed')).toBe('true');
    expect(await gantt(page).locator('rect[data-series="max"]').count()).toBe(18);
    expect(await page.getByRole('checkbox', { name: 'Horas Máximas' }).isDisabled()).toBe(true);
    await card('Promedio').click();
    await gantt(page).locator('rect[data-series="promedio"]').first().waitFor();

    // The table behind the chart, from the server as xlsx (its rows are the table's) and as PDF.
    const table = page.getByRole('table', { name: 'Tiempos por hito' });
    const shown = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(1, 3).map((c) => c.textContent.trim())));
    await openMenu(page, page.getByRole('button', { name: /Exportar/ }));
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Excel (xlsx)', 'PDF']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Excel/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^trazabilidad-global_.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())) as never);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Hito', 'OT', 'Mínimo (h)', 'Promedio (h)', 'Máximo (h)', 'Mediana (h)', 'P90 (h)']);
    const exported: string[][] = [];
    sheet.eachRow((r, n) => void (n > 1 && exported.push([String(r.getCell(1).value), String(r.getCell(2).value)])));
    expect(exported).toEqual(shown.map(([nombre, conteo]) => [nombre.replace(/Mayor demora$/, ''), conteo.replace(/\D/g, '')]));
    await openMenu(page, page.getByRole('button', { name: /Exportar/ }));
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^trazabilidad-global_.*\.pdf$/);
    expect(readFileSync((await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await table.locator('tbody tr').count()).toBe(18);
    await context.close();
  }, 120_000);

  it('Trazabilidad por OT: the count, then an order picked shows its header card and a timeline whose bars show their tooltip by mouse and keyboard', async () => {
    const [{ codigo }] = await e2e.sql<{ codigo: string }[]>`SELECT codigo FROM rm_ordenes_trabajo WHERE estado = 3 ORDER BY id DESC LIMIT 1`;
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/trazabilidad_ot?date_from=${yearAgo}&date_to=${today}`, viewport });
    await page.getByText('Seleccionar una OT').waitFor({ timeout: WAIT });
    const total = page.getByText(/Total de OT's:/);
    await total.filter({ hasText: /[1-9]\d*$/ }).waitFor({ timeout: WAIT });

    const select = page.getByRole('combobox', { name: /Orden de Trabajo/ });
    expect(await select.getAttribute('aria-required')).toBe('true');
    await select.fill(codigo);
    const option = page.getByRole('option').filter({ hasText: codigo }).first();
    await option.waitFor({ timeout: WAIT });
    await option.click();
    await page.waitForURL((u) => u.searchParams.has('id_ot'));

    const header = page.getByRole('region', { name: `Orden de trabajo ${codigo}` });
    await header.waitFor({ timeout: WAIT });
    for (const label of ['Obra', 'Grupo funcional', 'Apertura', 'Cierre', 'Tiempo total']) await header.getByText(label, { exact: true }).waitFor();
    await header.getByText('Cerrada', { exact: true }).waitFor();

    const bars = page.locator('g[data-bar]');
    await bars.first().waitFor({ timeout: WAIT });
    const ticks = Number(await page.locator('svg[data-ticks]').getAttribute('data-ticks'));
    expect(ticks).toBeGreaterThanOrEqual(1);
    expect(ticks).toBeLessThanOrEqual(6);
    // Both ends of a closed order are reached.
    await page.locator('[data-hito="CREO_ORDEN_DE_TRABAJO"][data-estado="alcanzado"]').waitFor();
    await page.locator('[data-hito="CERRO_ORDEN_DE_TRABAJO"][data-estado="alcanzado"]').waitFor();

    // Keyboard: focusing a bar shows its tooltip (name, duration, start, end).
    const tip = page.getByRole('tooltip');
    await bars.nth(1).focus();
    await tip.waitFor();
    for (const part of ['Duración:', 'Inicio:', 'Fin:']) expect(await tip.textContent()).toContain(part);
    expect(await bars.nth(1).getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    await page.screenshot({ path: join(shots, 'trazabilidad-ot.png') });
    await bars.nth(1).blur();
    await tip.waitFor({ state: 'detached' });

    // Mouse: hovering the closing milestone's bar shows its tooltip.
    await page.locator('g[data-bar="CERRO_ORDEN_DE_TRABAJO"]').hover();
    await tip.filter({ hasText: 'Cerró la orden de trabajo' }).waitFor();
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });

    // Clearing the select returns to none.
    await page.getByRole('button', { name: 'Limpiar selección' }).click();
    await page.getByText('Seleccionar una OT').waitFor();
    expect(new URL(page.url()).searchParams.has('id_ot')).toBe(false);
    await context.close();
  }, 120_000);
});
