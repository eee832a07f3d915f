import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';

// The generic catalogue screen in real Chromium against the real API (seed 001 §2, §5, §7):
// server field errors under the fields, dependent selects that wait for their parent and are
// cleared when it changes, and a save that lands in the list.
const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

/** The options of the open select list, as shown. */
async function shownOptions(page: Page): Promise<string[]> {
  const list = page.getByRole('listbox');
  await list.getByRole('option').first().waitFor();
  return (await list.getByRole('option').allInnerTexts()).map((t) => t.trim());
}

/** Opens a combobox select and picks an option by its label. */
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => field.inputValue()).toBe(option);
}

async function adminOn(path: string): Promise<Page> {
  const context = await e2e.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await e2e.login(page, 'admin@faena.pe');
  await page.goto(`${e2e.baseUrl}${path}`);
  return page;
}

describe('master-data catalogues (real Chromium, real API)', () => {
  it('functional-group elements: field errors, the parent follows the group, the save reaches the list', async () => {
    const page = await adminOn('/grupo_funcional_elementos');
    await page.getByRole('table', { name: 'Elementos de grupo funcional' }).getByRole('cell', { name: 'Cabina y estructura' }).first().waitFor();

    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo elemento' }).waitFor();
    const group = dialog.getByLabel('Grupo funcional');
    const parent = dialog.getByLabel('Elemento padre');
    // The parent waits for a group.
    expect(await parent.isDisabled()).toBe(true);
    expect(await parent.getAttribute('placeholder')).toBe('Seleccione primero el grupo funcional');

    // Empty submit: the general message on top, each field's message under it.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Revise los campos marcados').waitFor();
    await expect.poll(() => dialog.getByText('Este campo es obligatorio', { exact: true }).count()).toBe(3); // (the banner's links repeat them after the field's name)
    expect(await dialog.getByRole('textbox', { name: 'Número' }).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('textbox', { name: 'Nombre' }).getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: join(shots, 'catalogue-form-errors-1366.png') });

    // A group, then a parent among that group's elements.
    await pick(page, group, 'MOT - Motor');
    expect(await parent.isDisabled()).toBe(false);
    await parent.click();
    const motor = await shownOptions(page);
    expect(motor).toContain('01 - Sistema de combustible');
    expect(motor).toContain('03 - Admisión y escape');
    await page.getByRole('listbox').getByRole('option', { name: '03 - Admisión y escape', exact: true }).click();
    await expect.poll(() => parent.inputValue()).toBe('03 - Admisión y escape');

    // Changing the group clears the parent and offers only the new group's elements.
    await pick(page, group, 'DIR - Dirección');
    await expect.poll(() => parent.inputValue()).toBe('');
    await parent.click();
    expect(await shownOptions(page)).toEqual([
      '01 - Bomba de dirección',
      '02 - Cilindro de dirección',
      '03 - Válvula de dirección (orbitrol)',
      '04 - Articulación central',
      '05 - Terminales y barras',
    ]);
    await page.getByRole('listbox').getByRole('option', { name: '01 - Bomba de dirección', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Número' }).fill('01.01');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Bomba de engranajes');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('engranajes');
    const row = page.getByRole('row').filter({ hasText: 'Bomba de engranajes' });
    await row.waitFor();
    expect(await row.innerText()).toContain('01 - Bomba de dirección');
    expect(await row.innerText()).toContain('Dirección');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await page.getByRole('cell', { name: 'Cabina y estructura' }).first().waitFor();
    await page.screenshot({ path: join(shots, 'catalogue-list-1366.png') });
    await page.context().close();
  });

  it('equipment products: the subgroup waits for the group and is cleared when the group changes', async () => {
    const page = await adminOn('/equipo_productos');
    await page.getByRole('table', { name: 'Productos de equipo' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo producto de equipo' }).waitFor();
    const group = dialog.getByLabel('Grupo', { exact: true });
    const subgroup = dialog.getByLabel('Subgrupo', { exact: true });
    expect(await subgroup.isDisabled()).toBe(true);
    expect(await subgroup.inputValue()).toBe('');

    await pick(page, group, 'Transporte');
    expect(await subgroup.isDisabled()).toBe(false);
    await subgroup.click();
    expect((await shownOptions(page)).sort()).toEqual(['Camión articulado', 'Camión minero', 'Volquete']);
    await page.screenshot({ path: join(shots, 'catalogue-dependent-select-1366.png') });
    await page.getByRole('listbox').getByRole('option', { name: 'Volquete', exact: true }).click();
    await expect.poll(() => subgroup.inputValue()).toBe('Volquete');

    await pick(page, group, 'Compactación');
    await expect.poll(() => subgroup.inputValue()).toBe('');
    await subgroup.click();
    expect((await shownOptions(page)).sort()).toEqual(['Rodillo liso vibratorio', 'Rodillo pata de cabra']);
    await page.getByRole('listbox').getByRole('option', { name: 'Rodillo pata de cabra', exact: true }).click();

    // Leaving with changes asks first.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('Los datos que ha introducido se perderán.').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('resources (a purchase-request catalogue): the demo codes the mobilisation types fix, a new one saved to the list', async () => {
    const page = await adminOn('/recursos');
    const table = page.getByRole('table', { name: 'Recursos' });
    await table.getByRole('cell', { name: '2-044', exact: true }).waitFor();
    await table.getByRole('cell', { name: '4-046', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo recurso' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Código' }).fill('2-044');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Duplicado');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('Ya existe un recurso con ese código', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Código' }).fill('6-050');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Señalización vial');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Señalización vial' }).waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, 'recursos-list.png') });
    await page.context().close();
  });
});
