import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MONTH_NAMES } from '../../../../shared/time';
import { axeFindings } from '../../../../tests/harness/axe';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { watchPageErrors } from '../../../../tests/harness/visit-every-screen';

// The profitability generator /rentabilidad end to end (issue 19), with the worker that draws the
// PDF: sections picked in the checkbox tree, a section and a result dragged (within their parent
// only), the months defaulting to the current month, 'Generar PDF' disabled until a section is
// chosen, the progress bar up to 100 % and the PDF opened in a new tab.

const e2e = useE2e({ workers: true });
const WAIT = 30_000;
const viewport = { width: 1366, height: 1000 };

const sectionList = (page: Page) => page.getByRole('list', { name: 'Secciones del reporte' });
const childList = (page: Page, section: string) => page.getByRole('list', { name: `Resultados de ${section}` });
async function sectionOrder(page: Page): Promise<string[]> {
  return sectionList(page).locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.querySelector('label')?.textContent?.trim() ?? ''));
}
async function childOrder(page: Page, section: string): Promise<string[]> {
  return childList(page, section).locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.textContent?.trim() ?? ''));
}

/** A pointer drag from one handle to another, in small steps as a hand would. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 6, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + (b.y < a.y ? -4 : 4), { steps: 12 });
  await page.mouse.up();
}

describe('Profitability generator /rentabilidad (real Chromium, real API, real worker)', () => {
  it('pick sections, drag within a parent, generate: progress, then the PDF opens in a new tab', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { viewport });
    // Under the pages' CSP: no console error, no violation, no uncaught exception (as the every-screen gate).
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.baseUrl}/rentabilidad`);
    await page.getByRole('heading', { name: 'Generador de reportes de rentabilidad', level: 1 }).waitFor({ timeout: WAIT });
    const generar = page.getByRole('button', { name: 'Generar PDF' });
    await generar.waitFor({ timeout: WAIT });
    expect(await generar.isDisabled()).toBe(true);
    expect(await page.getByText('Seleccione al menos una sección para generar el reporte.').count()).toBeGreaterThan(0);
    // Months default to the current month.
    const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Lima' }));
    await page.getByRole('button', { name: new RegExp(`${MONTH_NAMES[now.getMonth()]} ${now.getFullYear()}`) }).waitFor({ timeout: WAIT });

    expect(await sectionOrder(page)).toEqual(['Rentabilidad por equipo', 'Rentabilidad general por subgrupo', 'Rentabilidad por obra', 'Rentabilidad por hora por subgrupo']);
    // A section's box chooses all its results; a single result of another section.
    await page.getByRole('checkbox', { name: 'Rentabilidad por obra', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Resultado General (Rentabilidad por equipo)' }).check();
    expect(await page.getByRole('checkbox', { name: 'Resultado por hora (Rentabilidad por obra)' }).isChecked()).toBe(true);
    expect(await generar.isDisabled()).toBe(false);
    // The chosen sections' filters (§9: 'Rentabilidad por obra' has sites and description).
    await page.getByRole('group', { name: 'Rentabilidad por obra' }).getByRole('button', { name: /Descripción/ }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('group', { name: 'Rentabilidad por obra' }).getByRole('button', { name: /Equipos/ }).count()).toBe(0);
    // The accessibility gate's rules on the tree with its filters, and with a months list open.
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: /Meses del reporte/ }).click();
    await page.getByRole('listbox').waitFor({ timeout: WAIT });
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Drag 'Rentabilidad por obra' to the top.
    await drag(page, page.getByRole('button', { name: 'Mover Rentabilidad por obra' }), page.getByRole('button', { name: 'Mover Rentabilidad por equipo' }));
    await expect.poll(() => sectionOrder(page), { timeout: WAIT }).toEqual(['Rentabilidad por obra', 'Rentabilidad por equipo', 'Rentabilidad general por subgrupo', 'Rentabilidad por hora por subgrupo']);
    // Drag a result to the top of its own section.
    await drag(page, page.getByRole('button', { name: 'Mover Resultado por hora de Rentabilidad por obra' }), page.getByRole('button', { name: 'Mover Resultado Unitario de Rentabilidad por obra' }));
    await expect.poll(() => childOrder(page, 'Rentabilidad por obra'), { timeout: WAIT }).toEqual(['Resultado por hora', 'Resultado Unitario', 'Resultado General', 'Resultado general por hora']);
    // A result dropped on another section's result stays where it was (depth 1, same parent only).
    const before = await childOrder(page, 'Rentabilidad por equipo');
    await drag(page, page.getByRole('button', { name: 'Mover Resultado general por hora de Rentabilidad por obra' }), page.getByRole('button', { name: 'Mover Resultado Unitario de Rentabilidad por equipo' }));
    expect(await childOrder(page, 'Rentabilidad por equipo')).toEqual(before);
    expect(await childOrder(page, 'Rentabilidad por obra')).toEqual(['Resultado por hora', 'Resultado Unitario', 'Resultado General', 'Resultado general por hora']);

    // Generate: the request carries the chosen order; a progress bar; then a new tab with the PDF.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/reportes_generacion/generarReporte'));
    const popup = context.waitForEvent('page', { timeout: WAIT });
    await generar.click();
    const body = (await sent).postDataJSON() as { dataBody: { id: number; children: number[] }[]; selectedMeses: string[] };
    expect(body.dataBody).toEqual([{ id: 2, children: [3, 1, 2, 4] }, { id: 0, children: [2] }]);
    expect(body.selectedMeses).toHaveLength(1);
    await page.getByRole('progressbar', { name: 'Avance del reporte' }).waitFor({ timeout: WAIT });
    await expect.poll(() => page.getByRole('progressbar', { name: 'Avance del reporte' }).getAttribute('aria-valuenow'), { timeout: WAIT }).toBe('100');
    await page.getByText(/Reporte listo: \d+ páginas/).waitFor({ timeout: WAIT });
    const tab = await popup;
    expect(tab.url()).toMatch(/^blob:/);
    // The tab shows the PDF (Chromium's viewer, a document of type application/pdf).
    await tab.waitForLoadState();
    await expect.poll(() => tab.evaluate(() => document.contentType), { timeout: WAIT }).toBe('application/pdf');
    await page.getByText('Archivo abierto en una nueva pestaña.', { exact: true }).waitFor({ timeout: WAIT });
    await page.getByRole('button', { name: 'Abrir PDF' }).waitFor({ timeout: WAIT });
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/rentabilidad-generador.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('at 390 px the screen fits the width; a section moves with the keyboard', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/rentabilidad', viewport: { width: 390, height: 844 } });
    await page.getByRole('checkbox', { name: 'Rentabilidad por equipo', exact: true }).waitFor({ timeout: WAIT });
    await page.getByRole('checkbox', { name: 'Rentabilidad por equipo', exact: true }).check();
    await page.getByRole('group', { name: 'Rentabilidad por equipo' }).getByRole('button', { name: /Modelos/ }).waitFor({ timeout: WAIT });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Keyboard: the last section one place up with its handle (Space, ArrowUp, Space), each step
    // waited for through the drag's spoken announcements.
    const last = 'Rentabilidad por hora por subgrupo';
    await page.getByRole('button', { name: `Mover ${last}` }).focus();
    await page.keyboard.press('Space');
    await page.getByText(`${last} está sobre ${last}.`).waitFor({ state: 'attached', timeout: WAIT });
    await page.keyboard.press('ArrowUp');
    await page.getByText(`${last} está sobre Rentabilidad por obra.`).waitFor({ state: 'attached', timeout: WAIT });
    await page.keyboard.press('Space');
    await expect.poll(() => sectionOrder(page), { timeout: WAIT }).toEqual(['Rentabilidad por equipo', 'Rentabilidad general por subgrupo', last, 'Rentabilidad por obra']);
    expect(await page.getByRole('button', { name: 'Generar PDF' }).isDisabled()).toBe(false);
    await context.close();
  });
});
