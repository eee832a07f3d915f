import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings } from '../../../../tests/harness/axe';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';

// /horometros/turno in real Chromium against the real API and the demo data: a site's supervisor
// enters one shift for several machines with the keyboard, one row is refused and keeps its input
// with the reason in place while the others are saved; then the same on a 390 px phone.
// Screenshots docs/screenshots/horometros-turno.png and horometros-turno-movil.png.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };

/** Today in Lima (yyyy-MM-dd). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The demo site with the most active machines (a full grid). */
async function busiestSite(): Promise<number> {
  const [row] = await e2e.sql<{ id_obra: number }[]>`
    SELECT id_obra::int FROM rm_equipos WHERE estado = 1 GROUP BY id_obra ORDER BY count(*) DESC, id_obra LIMIT 1`;
  return row.id_obra;
}

const rows = (page: Page) => page.getByRole('table', { name: 'Lecturas del turno' }).locator('tbody tr');
const cell = (row: Locator, label: RegExp) => row.getByRole('textbox', { name: label });

/** The first three rows: codes and proposed starts. */
async function firstThree(page: Page) {
  await rows(page).nth(2).waitFor(WAIT);
  const out: { row: Locator; codigo: string; start: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows(page).nth(i);
    const codigo = (await row.getAttribute('data-testid'))!.replace('turno-row-', '');
    out.push({ row, codigo, start: Number(await cell(row, /^Horómetro inicial/).inputValue()) });
  }
  return out;
}

describe('/horometros/turno (real Chromium, real API)', () => {
  it('at 1366 px: Enter moves down the column, one invalid row is refused in place, the others are saved, leaving asks', async () => {
    const obra = await busiestSite();
    const { context, page } = await e2e.signIn('supervisor@faena.pe', { path: '/horometros', viewport: { width: 1366, height: 768 } });
    await page.getByRole('link', { name: 'Registro por turno' }).click(WAIT);
    await page.getByText('Elija una obra para registrar las lecturas del turno.').waitFor(WAIT);
    await page.goto(`${e2e.baseUrl}/horometros/turno?id_obra=${obra}&fecha=${today()}&id_tipo_turno=1`);
    const [a, b, c] = await firstThree(page);

    // Keyboard: type the end, Enter goes to the next row's end.
    await cell(a.row, /^Horómetro final/).click();
    await page.keyboard.type(String(a.start + 8));
    await page.keyboard.press('Enter');
    await page.keyboard.type(String(b.start + 13)); // 13 h in a 12 h shift: refused
    await page.keyboard.press('Enter');
    await page.keyboard.type(String(c.start + 5));
    await page.keyboard.press('ArrowRight'); // caret at the end: on to the operational failure
    await page.keyboard.type('1.5');
    expect(await cell(b.row, /^Horómetro final/).inputValue()).toBe(String(b.start + 13));
    expect(await cell(c.row, /^Falla operacional/).inputValue()).toBe('1.5');
    await page.getByRole('button', { name: 'Guardar (3)' }).waitFor(WAIT);

    await page.keyboard.press('Control+Enter');
    await expect.poll(() => a.row.getAttribute('data-state'), WAIT).toBe('saved');
    expect(await c.row.getAttribute('data-state')).toBe('saved');
    expect(await b.row.getAttribute('data-state')).toBe('error');
    await page.getByText('Se guardaron 2 de 3 registros; revise los 1 marcados').first().waitFor(WAIT);
    // The refused row keeps what was typed, with the single dialog's message under its cell.
    expect(await cell(b.row, /^Horómetro final/).inputValue()).toBe(String(b.start + 13));
    await b.row.getByText('Las horas trabajadas (13 h) superan la duración del turno (12 h)').waitFor(WAIT);
    expect(await cell(a.row, /^Horómetro final/).isDisabled()).toBe(true);
    await a.row.getByText('Guardado').waitFor(WAIT);
    const saved = await e2e.sql`SELECT e.codigo, h.h_fin FROM rm_horometros h JOIN rm_equipos e ON e.id = h.id_equipo
      WHERE h.fecha = ${today()} AND h.id_tipo_turno = 1 AND e.codigo IN ${e2e.sql([a.codigo, b.codigo, c.codigo])} ORDER BY e.codigo`;
    expect(saved.map((r) => r.codigo).sort()).toEqual([a.codigo, c.codigo].sort());
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/horometros-turno.png') });
    expect(await axeFindings(page)).toEqual([]);

    // Leaving with the refused row still typed asks first; staying keeps it.
    await page.getByRole('link', { name: 'Volver', exact: true }).click();
    const ask = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: '¿Estás seguro?' }));
    await ask.getByText('Los datos que ha introducido se perderán.').waitFor(WAIT);
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    expect(page.url()).toContain('/horometros/turno');

    // Corrected, the row is saved alone.
    await cell(b.row, /^Horómetro final/).fill(String(b.start + 11));
    await page.getByRole('button', { name: 'Guardar (1)' }).click();
    await expect.poll(() => b.row.getAttribute('data-state'), WAIT).toBe('saved');
    await page.getByText('Se guardaron 1 registros').first().waitFor(WAIT);
    await context.close();
  }, 180_000);

  it('at 390 px: the grid scrolls inside its frame with the machine column fixed; one invalid row', async () => {
    const obra = await busiestSite();
    const { context, page } = await e2e.signIn('supervisor@faena.pe', {
      path: `/horometros/turno?id_obra=${obra}&fecha=${today()}&id_tipo_turno=2`,
      viewport: { width: 390, height: 844 },
    });
    const [a, b] = await firstThree(page);
    await cell(a.row, /^Horómetro final/).fill(String(a.start + 6));
    await cell(b.row, /^Horómetro final/).fill(String(b.start - 1)); // below the start: refused
    await page.getByRole('button', { name: 'Guardar (2)' }).click();
    await expect.poll(() => a.row.getAttribute('data-state'), WAIT).toBe('saved');
    expect(await b.row.getAttribute('data-state')).toBe('error');
    await b.row.getByText('El horómetro final no puede ser menor que el inicial').waitFor(WAIT);
    // No sideways scroll of the page; the machine's code stays in view when the grid scrolls.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    const frame = page.getByRole('table', { name: 'Lecturas del turno' }).locator('xpath=..');
    await frame.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const code = b.row.getByRole('rowheader');
    const box = await code.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x).toBeLessThan(40);
    await frame.evaluate((el) => (el.scrollLeft = 0));
    await b.row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/horometros-turno-movil.png') });
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  }, 180_000);
});
