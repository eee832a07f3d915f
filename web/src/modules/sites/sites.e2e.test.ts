import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowAction, useE2e, projectRoot } from '../../../../tests/harness/e2e';

// /obras and /obras/{id}/editar in real Chromium against the real API (seed 001 §2, §5, §9).
const e2e = useE2e();
const WAIT = { timeout: 30_000 };

describe('companies and sites are created, edited and disabled from their screens', () => {
  it('creates a company on /empresas, then a site of it on /obras, disables the site (screenshots)', async () => {
    const context = await e2e.newContext({ width: 1366, height: 768 });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await e2e.login(page, 'admin@faena.pe');
    // The menu leads to both screens.
    const nav = page.getByRole('navigation', { name: 'Menú principal' }).first();
    await nav.getByRole('link', { name: 'Empresas' }).click();
    await page.waitForURL((u) => u.pathname === '/empresas', WAIT);
    const companies = page.getByRole('table', { name: 'Empresas' });
    await companies.getByRole('row').filter({ hasText: 'Constructora Andina S.A.C.' }).waitFor(WAIT);

    await page.getByRole('button', { name: 'Nuevo' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill('Ingeniería del Norte S.A.C.');
    await dialog.getByLabel('RUC').fill('20601234566');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('RUC no válido: 11 dígitos con su dígito verificador', { exact: true }).waitFor(WAIT);
    await dialog.getByLabel('RUC').fill('20601234565');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await companies.getByRole('row').filter({ hasText: 'Ingeniería del Norte S.A.C.' }).waitFor(WAIT);
    await page.getByText('Guardado correctamente').waitFor({ state: 'detached', ...WAIT });
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/empresas-list.png') });

    await nav.getByRole('link', { name: 'Obras' }).click();
    await page.waitForURL((u) => u.pathname === '/obras', WAIT);
    // The address changes before the sites' screen replaces the companies' one: 'Nuevo' is the
    // sites' only once their table shows (CI once opened a new company instead).
    await page.getByRole('table', { name: 'Obras' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    dialog = page.getByRole('dialog');
    const company = dialog.getByLabel('Empresa');
    await company.click();
    await page.getByRole('listbox').getByRole('option', { name: 'Ingeniería del Norte S.A.C.', exact: true }).click();
    await dialog.getByLabel('Código').fill('OB-CHI-01');
    await dialog.getByLabel('Nombre').fill('Vía de Evitamiento Chiclayo');
    await dialog.getByLabel('Dirección').fill('Av. Bolognesi 1200');
    await dialog.getByLabel('Ciudad').fill('Chiclayo');
    // Issue 28: the site's need-date lead time, 7 days unless changed.
    expect(await dialog.getByLabel('Plazo de necesidad (días)').inputValue()).toBe('7');
    await dialog.getByLabel('Plazo de necesidad (días)').fill('10');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = page.getByRole('table', { name: 'Obras' }).getByRole('row').filter({ hasText: 'OB-CHI-01' });
    await row.getByText('Ingeniería del Norte S.A.C.').waitFor(WAIT);

    await rowAction(row, 'Desactivar');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await row.getByRole('cell', { name: 'Inactivo', exact: true }).waitFor(WAIT);
    await page.getByText('Desactivado correctamente').waitFor({ state: 'detached', ...WAIT });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/obras-list.png') });
    const [stored] = await e2e.sql`SELECT estado, ciudad, plazo_necesidad_dias FROM rm_obras WHERE codigo = 'OB-CHI-01'`;
    expect(stored).toMatchObject({ estado: 0, ciudad: 'Chiclayo', plazo_necesidad_dias: 10 });
    await context.close();
  }, 240_000);
});

describe('work sites and their general expenses', () => {
  it('sets a total amount, edits the general expenses with live totals, saves and finds them after a reload', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/obras' });
    const row = page.getByRole('table', { name: 'Obras' }).getByRole('row').filter({ hasText: 'OB-PIU-01' });
    await row.waitFor(WAIT);

    // The total-amount dialog: an integer is saved ('2500000.80' → S/ 2,500,000.00).
    await rowAction(row, 'Monto total');
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Monto total (S/)');
    await expect.poll(() => amount.inputValue(), WAIT).toBe('0');
    await amount.fill('2500000.80');
    await dialog.getByText('Se guardará S/ 2,500,000.00 (monto entero).').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await row.getByText('S/ 2,500,000.00').waitFor(WAIT);
    await page.getByText('Guardado correctamente').waitFor({ state: 'detached', ...WAIT });
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/obras-1366.png') });

    // The general-expenses screen of the site, its own page.
    await rowAction(row, 'Gastos generales');
    await page.waitForURL((u) => /^\/obras\/\d+\/editar$/.test(u.pathname), WAIT);
    for (const title of ['Conceptos', 'Gestión', 'Almacén', 'Técnicos']) await page.getByRole('heading', { name: title, exact: true }).waitFor(WAIT);
    await page.getByRole('heading', { name: /Gastos generales · Carretera Piura/ }).waitFor(WAIT);
    expect(await page.getByRole('table', { name: 'Obras' }).count()).toBe(0); // a page of its own, not inside the list
    const total = page.getByTestId('footer-total');
    expect(await total.innerText()).toBe('S/ 0.00');

    // Typing updates lines 11 (total of the other sections), 12 (their headcount) and the totals live.
    await page.getByLabel('Cantidad: Residente de obra').fill('2');
    await page.getByLabel('Monto: Residente de obra').fill('9500');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByTestId('total-11').innerText(), WAIT).toBe('S/ 19,000.00');
    expect(await page.getByTestId('cantidad-12').innerText()).toBe('2');
    await page.getByLabel('Cantidad: Almacenero').fill('1');
    await page.getByLabel('Monto: Almacenero').fill('3000.75');
    await page.keyboard.press('Tab'); // the amount is written back as the integer that will be saved
    expect(await page.getByLabel('Monto: Almacenero').inputValue()).toBe('3,000.00');
    await page.getByLabel('Monto: Gastos generales fijos (liquidación de obra)').fill('12000');
    await page.keyboard.press('Enter'); // Enter moves on, it submits nothing
    await expect.poll(() => total.innerText(), WAIT).toBe('S/ 34,000.00');
    expect(await page.getByTestId('total-11').innerText()).toBe('S/ 22,000.00');
    expect(await page.getByTestId('cantidad-12').innerText()).toBe('3');
    expect(await page.getByTestId('total-16').innerText()).toBe('S/ 12,000.00');
    expect(await page.getByTestId('footer-personal').innerText()).toBe('3');
    await page.getByText('Hay cambios sin guardar.').waitFor(WAIT);
    // Computed and disabled lines have no inputs.
    expect(await page.getByLabel('Monto: Personal de obra (Gestion, Almacen y Tecnicos)').count()).toBe(0);
    expect(await page.getByLabel('Monto: Gastos de licitación y contrato').count()).toBe(0);

    // Leaving with unsaved changes asks first; staying keeps the values.
    await page.getByRole('region', { name: 'Totales' }).getByRole('link', { name: 'Volver' }).click();
    await page.getByText('Los datos que ha introducido se perderán.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/editar$/);

    // The screenshot: no dialog or toast in the way, lines 8 to 16 of Conceptos above the footer.
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await page.getByText('Guardado correctamente').waitFor({ state: 'detached', ...WAIT });
    await page.locator('tr[data-numero="7"]').evaluate((tr) => {
      tr.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/obras-gastos-generales.png') });
    expect(statSync(join(projectRoot, 'docs/screenshots/obras-gastos-generales.png')).size).toBeGreaterThan(10_000);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await page.getByText('Hay cambios sin guardar.').waitFor({ state: 'detached', ...WAIT });

    await page.reload();
    await expect.poll(() => page.getByLabel('Monto: Residente de obra').inputValue(), WAIT).toBe('9,500.00');
    expect(await page.getByLabel('Cantidad: Residente de obra').inputValue()).toBe('2');
    expect(await page.getByTestId('total-11').innerText()).toBe('S/ 22,000.00');
    expect(await page.getByTestId('footer-total').innerText()).toBe('S/ 34,000.00');

    // The list shows the site's new general expenses.
    await page.getByRole('region', { name: 'Totales' }).getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL((u) => u.pathname === '/obras', WAIT);
    await page.getByRole('table', { name: 'Obras' }).getByRole('row').filter({ hasText: 'OB-PIU-01' }).getByText('S/ 34,000.00').waitFor(WAIT);
    await context.close();
  });
});
