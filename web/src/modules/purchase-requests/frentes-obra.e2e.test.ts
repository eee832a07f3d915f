import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillDate, useE2e, projectRoot } from '../../../../tests/harness/e2e';

// Issue 29 (seed 002 §2, the request list's expanded detail: "maintenance type, work-site front"):
// the admin adds a front to a work site from the site's row menu, a request form picks it among
// its site's fronts, and the list's expanded row shows it with the work order's maintenance type.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const TRABAJO = 'Izaje de motor E2E-FRENTE';

/** A site with an open work order that has no request yet, and the order's maintenance type. */
const fixture = { obra: 0, codigoObra: '', nombreObra: '', ot: '', sigla: '', tipo: '' };

beforeAll(async () => {
  const [row] = await e2e.sql<{ obra: number; codigo_obra: string; nombre_obra: string; ot: string; sigla: string; tipo: string }[]>`
    SELECT o.id_obra::int AS obra, s.codigo AS codigo_obra, s.nombre AS nombre_obra, o.codigo AS ot, t.sigla, t.nombre AS tipo
      FROM rm_ordenes_trabajo o JOIN rm_obras s ON s.id = o.id_obra JOIN rm_tipos_mantenimiento t ON t.id = o.id_tipo_mantenimiento
     WHERE o.estado = 1 AND coalesce(o.id_solicitud_compra, 0) = 0 AND s.estado = 1
     ORDER BY o.id LIMIT 1`;
  Object.assign(fixture, { obra: row.obra, codigoObra: row.codigo_obra, nombreObra: row.nombre_obra, ot: row.ot, sigla: row.sigla, tipo: row.tipo });
});

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Types into a combobox and picks the option whose name matches. */
async function choose(page: Page, combobox: Locator, text: string, option: RegExp | string) {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).first().click({ timeout: WAIT });
}

describe('work-site fronts: the admin adds one, a request picks it, the list shows it (real Chromium, real API)', () => {
  it('Obras → Frentes de obra → Nuevo; the request form offers its site\'s fronts; the expanded row shows the front and the maintenance type', async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: `/obras?query=${encodeURIComponent(fixture.codigoObra)}`, viewport: { width: 1600, height: 900 } });
    const site = page.getByRole('row').filter({ hasText: fixture.nombreObra });
    await site.first().waitFor({ timeout: WAIT });
    await site.first().getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Frentes de obra' }).click();
    await page.waitForURL((u) => u.pathname === '/frentes_obra' && u.searchParams.get('id_obra') === String(fixture.obra), { timeout: WAIT });
    const table = page.getByRole('table', { name: 'Frentes de obra' });
    await table.getByText('No hay contenido para mostrar.').waitFor({ timeout: WAIT });

    // 'Nuevo': an empty save names the required fields; then the front of this site.
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo frente' }).waitFor();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Revise los campos marcados').waitFor({ timeout: WAIT });
    await choose(page, dialog.getByRole('combobox', { name: 'Obra' }), fixture.nombreObra.slice(0, 8), literal(fixture.nombreObra));
    await dialog.getByRole('textbox', { name: 'Código' }).fill('FE2E');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Tajo sur E2E');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor({ timeout: WAIT });
    const front = table.getByRole('row').filter({ hasText: 'Tajo sur E2E' });
    await front.waitFor({ timeout: WAIT });
    expect((await front.innerText()).replace(/\s+/g, ' ')).toContain(`${fixture.codigoObra} - ${fixture.nombreObra} FE2E Tajo sur E2E 0`);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, 'frentes-obra.png') });

    // A service request on that site and its open work order: the front select waits for the site
    // and offers its fronts.
    await page.goto(`${e2e.baseUrl}/solicitudes_compras/nuevo?tipo=servicio`);
    await page.getByRole('heading', { name: 'Nueva solicitud de servicio' }).waitFor({ timeout: WAIT });
    const frente = page.getByRole('combobox', { name: 'Frente de obra', exact: true });
    expect(await frente.isDisabled()).toBe(true);
    expect(await frente.getAttribute('placeholder')).toBe('Elija primero la obra');
    await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), fixture.nombreObra.slice(0, 8), literal(fixture.nombreObra));
    await choose(page, page.getByRole('combobox', { name: 'Orden de trabajo', exact: true }), fixture.ot.slice(-6), literal(fixture.ot));
    await frente.click();
    await expect.poll(() => page.getByRole('listbox').getByRole('option').allInnerTexts(), { timeout: WAIT }).toEqual(['FE2E - Tajo sur E2E']);
    await page.getByRole('listbox').getByRole('option', { name: 'FE2E - Tajo sur E2E' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true }), 'Proy', 'Proyecto e inversión');
    await fillDate(page, 'Fecha de necesidad', '2026-12-20');
    await page.getByLabel('Descripción del trabajo').fill(TRABAJO);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('Registrado correctamente').first().waitFor({ timeout: WAIT });
    await page.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
    // Read back on its own address.
    await expect.poll(() => frente.inputValue(), { timeout: WAIT }).toBe('FE2E - Tajo sur E2E');
    const codigo = await page.getByLabel('Código').inputValue();

    // The list's expanded row: the work order's maintenance type and the front.
    await page.goto(`${e2e.baseUrl}/solicitudes_compras?query=${encodeURIComponent(TRABAJO)}`);
    const row = page.getByRole('row').filter({ hasText: codigo });
    await row.waitFor({ timeout: WAIT });
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => field('Frente de obra').innerText(), { timeout: WAIT }).toBe('FE2E - Tajo sur E2E');
    expect(await field('Tipo de mantenimiento').innerText()).toBe(`${fixture.sigla} - ${fixture.tipo}`);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, 'solicitudes-detalle-frente.png') });

    // The front now counts its request.
    await page.goto(`${e2e.baseUrl}/frentes_obra?id_obra=${fixture.obra}`);
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Tajo sur E2E' }).innerText(), { timeout: WAIT }).toMatch(/Tajo sur E2E\s+1/);
  });
});
