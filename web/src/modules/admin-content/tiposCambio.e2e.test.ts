import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../../../../tests/harness/e2e';
import { projectRoot } from '../../../../services/shared/config';

// Issue 19: the monthly currency rates under Configuración, in real Chromium against the real API:
// reached from the settings screen, refused with the server's Spanish messages under the fields,
// saved into the list.
const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

describe('currency rates (real Chromium, real API)', () => {
  it('from Configuración: a bad rate shows its errors, a good one lands in the list', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/settings`);
    await page.getByRole('link', { name: 'Tipos de cambio' }).click();
    await page.waitForURL(/\/settings\/tipos_cambio/);
    await page.getByRole('heading', { name: 'Tipos de cambio' }).first().waitFor();

    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo tipo de cambio' }).waitFor();
    await dialog.getByLabel('Moneda').fill('pen');
    await dialog.getByLabel('Mes').fill('2026-13');
    await dialog.getByLabel('Tipo de cambio (S/)').fill('0');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Revise los campos marcados').waitFor();
    await dialog.getByText('Los costos se llevan en soles: registre solo otras monedas', { exact: true }).waitFor();
    await dialog.getByText('Ingrese el mes como AAAA-MM', { exact: true }).waitFor();
    await dialog.getByText('Debe ser mayor a 0', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Mes').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Moneda').fill('usd');
    await dialog.getByLabel('Mes').fill('2026-03');
    await dialog.getByLabel('Tipo de cambio (S/)').fill('3.7521');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
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
});
