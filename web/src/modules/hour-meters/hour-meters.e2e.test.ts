import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestEquipo } from '../../../../tests/harness/equipment';
import { fillDate, useE2e, projectRoot } from '../../../../tests/harness/e2e';

// /horometros in real Chromium against the real API and the demo data: an administrator registers
// two logs for one machine through the dialog (the second proposes its start from the first's
// end) and finds worked hours, availability and utilisation in the list. Screenshot at 1366×768.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };

/** Yesterday in Lima (yyyy-MM-dd). */
function yesterday(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - 86_400_000));
  return parts;
}

async function chooseEquipo(page: Page, dialog: Locator, codigo: string) {
  const box = dialog.getByRole('combobox', { name: 'Equipo' });
  await box.click();
  await box.fill(codigo);
  await page.getByRole('option', { name: new RegExp(`^${codigo}`) }).click(WAIT);
}

describe('/horometros (real Chromium, real API)', () => {
  it('registers two logs of one machine; the second starts where the first ended; the list computes the hours', async () => {
    const codigo = `HX-${String(Date.now()).slice(-5)}`;
    await createTestEquipo(e2e.store, { codigo, horometro: 4200 });
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/horometros' });
    await page.getByRole('table', { name: 'Horómetros' }).getByRole('row').nth(1).waitFor(WAIT);
    const fecha = yesterday();

    // First log: the start comes from the machine's own reading.
    await page.getByRole('button', { name: 'Nuevo' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nuevo registro de horómetro' });
    await dialog.getByLabel('Horómetro inicial').waitFor(WAIT);
    await chooseEquipo(page, dialog, codigo);
    await dialog.getByText(`${codigo} no tiene registros de horómetro: se propone la lectura registrada del equipo (4200)`).waitFor(WAIT);
    expect(await dialog.getByLabel('Horómetro inicial').inputValue()).toBe('4200');
    await fillDate(dialog, 'Fecha', fecha);
    await dialog.getByLabel('Horómetro final').fill('4209');
    await dialog.getByLabel('Neta (h)').fill('1.5');
    await dialog.getByLabel('Observación neta (reparación mecánica)').fill('Cambio de manguera hidráulica');
    await expect.poll(() => dialog.getByText('29/300').count()).toBe(1);
    await expect.poll(() => dialog.getByTestId('preview-horas').textContent()).toBe('9');
    expect(await dialog.getByTestId('preview-disponibilidad').textContent()).toBe('85.71 %');
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/horometros-dialog.png') });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });

    // Second log: the night shift of the same date, proposed from the first log's end.
    await page.getByRole('button', { name: 'Nuevo' }).click();
    dialog = page.getByRole('dialog', { name: 'Nuevo registro de horómetro' });
    await dialog.getByLabel('Horómetro inicial').waitFor(WAIT);
    await chooseEquipo(page, dialog, codigo);
    await dialog.getByText(/Horómetro final del último registro de .* turno Día\): 4209/).waitFor(WAIT);
    expect(await dialog.getByLabel('Horómetro inicial').inputValue()).toBe('4209');
    await fillDate(dialog, 'Fecha', fecha);
    await dialog.getByRole('button', { name: /^Turno/ }).click();
    await page.getByRole('option', { name: /^Noche/ }).click();
    await dialog.getByLabel('Horómetro final').fill('4217');
    await dialog.getByLabel('Operacional (h)').fill('2');
    await expect.poll(() => dialog.getByTestId('preview-utilizacion').textContent()).toBe('66.67 %');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });

    // The list, searched by the machine's code: both logs with the computed columns.
    await page.goto(`${e2e.baseUrl}/horometros?query=${codigo}`);
    const table = page.getByRole('table', { name: 'Horómetros' });
    const night = table.getByRole('row').filter({ hasText: 'Noche' }).filter({ hasText: codigo });
    const day = table.getByRole('row').filter({ hasText: 'Día' }).filter({ hasText: codigo });
    await night.waitFor(WAIT);
    const cells = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    expect(await cells(day)).toEqual(expect.arrayContaining([codigo, '4200', '4209', '9', '1.5', '85.71 %']));
    expect(await cells(night)).toEqual(expect.arrayContaining([codigo, '4209', '4217', '8', '2.0', '100.00 %', '66.67 %']));
    expect((await cells(day)).filter((c) => c === '85.71 %')).toHaveLength(2); // availability and utilisation

    // Sorted by availability (ascending), the day shift with its repair comes first.
    await table.getByRole('button', { name: /^Disponib/ }).click();
    await expect.poll(async () => (await table.getByRole('row').nth(1).innerText()).includes('85.71 %'), WAIT).toBe(true);

    // The screenshot: the whole list with the demo year's logs, the newest first.
    await page.goto(`${e2e.baseUrl}/horometros`);
    await table.getByRole('row').filter({ hasText: codigo }).first().waitFor(WAIT);
    await page.waitForTimeout(300);
    // At 1366×768 every column, the row menu included, fits without scrolling sideways.
    const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? t.scrollWidth));
    expect(overflow).toBeLessThanOrEqual(0);
    const file = join(projectRoot, 'docs/screenshots/horometros-list.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(20_000);
    await context.close();
  }, 240_000);
});
