import { beforeAll, describe, expect, it } from 'vitest';
import { choose, literal, shootWhole, useE2e, WAIT } from '../../../../tests/harness/e2e';
import { FIXTURE, seedPartsCatalogue } from '../../../../tests/harness/seed-store';
import { createDemoKindMachine } from '../../../../tests/harness/equipment';

// The work-order form for a first-time user (issue 14, item 4), in Chromium against the real API:
// a supervisor opening an order finds himself as supervisor, the opening hour-meter reading
// proposed from the machine, a part line's unit taken from its material and a group's elements
// searched from 4 characters (seed 001 §5, issue 29); the line tables are tabs that move with the
// keyboard and show where a failed save went wrong; a disabled CIERRE TOTAL says why; a new
// order's save shows the 'Aviso' (seed 001 §4, issue 29) and CIERRE MECÁNICO keeps him on the order.

const e2e = useE2e();
const EQUIPO = 'E2E-UX-01';
const READING = 4321;
const site = { id: 0, codigo: '', nombre: '' };

// Accents on visible labels are another part of issue 14: match the button either way.
const MECANICO = /^CIERRE MEC[AÁ]NICO$/;

beforeAll(async () => {
  const [first] = await e2e.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id, codigo, nombre FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  Object.assign(site, first);
  const units = new Map((await e2e.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_unidades WHERE nombre IN ('UND', 'CJA')`).map((u) => [u.nombre, u.id]));
  // A machine with its own reading and no hour-meter log yet: that reading is the proposal.
  await createDemoKindMachine(e2e.store, e2e.sql, { id_obra: site.id, codigo: EQUIPO, codigo_sub_obra: 'SO-UX', placa: 'UX-123', anio: 2021, horometro: READING }, FIXTURE);
  const [equipo] = await e2e.sql<{ horometro: number }[]>`SELECT horometro::int AS horometro FROM rm_equipos WHERE codigo = ${EQUIPO}`;
  expect(equipo.horometro).toBe(READING);
  // A group with two elements, searched from 4 characters within the group. A material type
  // counted in UND (its base unit, factor 1) or in boxes of 12: two units allowed, so only the
  // material's own unit can decide.
  await seedPartsCatalogue(e2e.store, {
    grupo: { sigla: 'UXG', nombre: 'Tren de fuerza UX', elementos: [{ numero: '77.01', nombre: 'Convertidor de par UX' }, { numero: '77.02', nombre: 'Caja de cambios UX' }] },
    tipo: {
      codigo: 'UXT', nombre: 'Filtros UX', unidades: [{ id_unidad: units.get('CJA')!, valor: 12 }, { id_unidad: units.get('UND')!, valor: 1 }],
      materiales: [{ codigo: 'UX-FLT-01', nombre: 'Filtro de transmisión UX' }],
    },
  });
});

describe('the work-order form for a first-time user (real Chromium, real API)', () => {
  it("pre-fills supervisor, opening reading and part unit; element search from 4 characters; tabs by keyboard; CIERRE TOTAL says why; a new order's 'Aviso', CIERRE MECÁNICO stays on the order", async () => {
    const { page } = await e2e.signIn('supervisor@faena.pe', { path: '/ordenes_trabajo/nuevo' });
    const supervisor = page.getByRole('combobox', { name: 'Supervisor', exact: true });
    // The signed-in supervisor is proposed before anything is typed, and stays after the site.
    await expect.poll(() => supervisor.inputValue(), { timeout: WAIT }).toBe('Carlos Mendoza Flores');
    await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), site.codigo, literal(site.nombre));
    await expect.poll(() => supervisor.inputValue()).toBe('Carlos Mendoza Flores');

    // The machine proposes the opening reading, and says where it came from.
    const apertura = page.getByLabel('Horómetro de apertura');
    expect(await apertura.inputValue()).toBe('');
    await choose(page, page.getByRole('combobox', { name: 'Equipo', exact: true }), EQUIPO, new RegExp(`^${EQUIPO}`));
    await expect.poll(() => apertura.inputValue(), { timeout: WAIT }).toBe(String(READING));
    expect(await page.getByText('Propuesto: lectura registrada del equipo.').count()).toBe(1);
    expect(await apertura.getAttribute('title')).toContain(`se propone la lectura registrada del equipo (${READING})`);
    await choose(page, page.getByRole('combobox', { name: 'Operador', exact: true }), 'Pedro', 'Pedro Condori Apaza');
    await choose(page, page.getByRole('combobox', { name: 'Mecánico', exact: true }), 'Luis', 'Luis Ccori Mamani');

    // A new order cannot be closed yet, and the button says why (hint, title, description).
    const total = page.getByRole('button', { name: 'CIERRE TOTAL' });
    expect(await total.isDisabled()).toBe(true);
    const reason = 'Guarde primero la orden con CIERRE MECÁNICO: el cierre total se habilita una vez guardada.';
    const describedBy = (await total.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(reason);
    expect(await page.locator(`[id="${describedBy}"]`).isVisible()).toBe(true);
    expect(await total.getAttribute('title')).toBe(reason);

    // The line tables are tabs: arrows, Home and End move between them.
    const tabs = page.getByRole('tablist', { name: 'Líneas de la orden de trabajo' });
    const tab = (name: string) => tabs.getByRole('tab', { name: new RegExp(`^${name} \\d`) });
    await tab('Diagn[oó]sticos').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab('Intervenciones').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await tab('Documentos').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: /Documentos Adicionales/ }).waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await tab('Repuestos').getAttribute('aria-selected')).toBe('true');

    // A part line: the element search keeps its 4 characters after the group is chosen (seed 001
    // §5); the group narrows it to its elements. The unit comes from the material.
    const parts = page.getByRole('region', { name: /[Rr]epuestos/ });
    await parts.getByRole('button', { name: /Agregar/ }).click();
    await tabs.getByRole('tab', { name: 'Repuestos 1', exact: true }).waitFor();
    await choose(page, parts.getByRole('combobox', { name: 'Grupo funcional (fila 1)' }), 'Tren de fuerza UX', /Tren de fuerza UX/);
    const element = parts.getByRole('combobox', { name: 'Elemento (fila 1)' });
    await element.click();
    await element.fill('77.');
    await page.getByText('Escribe algo para buscar.').waitFor({ timeout: WAIT });
    expect(await page.getByRole('option', { name: /Caja de cambios UX/ }).count()).toBe(0);
    await element.fill('77.0');
    await page.getByRole('option', { name: '77.02 - Caja de cambios UX' }).waitFor({ timeout: WAIT });
    expect(await page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(['77.01 - Convertidor de par UX', '77.02 - Caja de cambios UX']);
    await page.getByRole('option', { name: '77.02 - Caja de cambios UX' }).click();
    await choose(page, parts.getByRole('combobox', { name: 'Material (fila 1)' }), 'UX-FLT', /UX-FLT-01/);
    await expect.poll(() => parts.getByLabel('Unidad (fila 1)').innerText()).toContain('UND');

    // A diagnosis left without its element: the failed save opens its tab, marked with the dot.
    await page.keyboard.press('Escape');
    await tab('Diagn[oó]sticos').click();
    const diag = page.getByRole('region', { name: /Diagn[oó]sticos/ });
    await diag.getByRole('button', { name: /Agregar/ }).click();
    await diag.getByLabel('Descripción (fila 1)').fill('Ruido en la caja de cambios');
    await tab('Repuestos').click();
    await shootWhole(page, 'ot-form-after-1366.png');
    await page.getByRole('button', { name: MECANICO }).click();
    await page.getByText('Revise los campos marcados').first().waitFor({ timeout: WAIT });
    expect(await tab('Diagn[oó]sticos').getAttribute('aria-selected')).toBe('true');
    await tabs.getByRole('tab', { name: 'Diagnósticos 1, con errores', exact: true }).waitFor();
    expect(await tab('Diagn[oó]sticos').locator('[data-error-dot]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/ordenes_trabajo/nuevo');

    await choose(page, diag.getByRole('combobox', { name: 'Grupo funcional (fila 1)' }), 'Tren de fuerza UX', /Tren de fuerza UX/);
    await choose(page, diag.getByRole('combobox', { name: 'Elemento (fila 1)' }), 'Caja de cambios', '77.02 - Caja de cambios UX');
    expect(await tab('Diagn[oó]sticos').locator('[data-error-dot]').count()).toBe(0);

    // A new order's save (is_new): the 'Aviso' with the reply's message and the new code (seed 001
    // §4), no toast; once it is closed, CIERRE MECÁNICO keeps the user on the order (its edit
    // address, a deliberate difference: docs/DECISIONS.md), the saved values as the baseline.
    await page.getByRole('button', { name: MECANICO }).click();
    const aviso = page.getByRole('alertdialog', { name: 'Aviso' });
    // The dialog's own box has no size (its panel is fixed): wait for its button.
    await aviso.getByRole('button', { name: 'Aceptar' }).waitFor({ timeout: WAIT });
    const avisoText = await aviso.innerText();
    expect(avisoText).toContain('Se creó la orden de trabajo');
    const codigo = (/[A-Z0-9-]+-OT-\d{6}/.exec(avisoText) ?? [''])[0];
    expect(codigo).toMatch(/-OT-\d{6}$/);
    expect(await page.getByRole('status').filter({ hasText: 'Se creó la orden de trabajo' }).count()).toBe(0);
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await aviso.waitFor({ state: 'detached', timeout: WAIT });
    await page.waitForURL(/\/ordenes_trabajo\/\d+\/editar$/, { timeout: WAIT });
    await expect.poll(() => page.getByRole('textbox', { name: 'Código' }).inputValue(), { timeout: WAIT }).toBe(codigo);
    expect(await page.getByLabel('Horómetro de apertura').inputValue()).toBe(String(READING));
    expect(await supervisor.inputValue()).toBe('Carlos Mendoza Flores');
    await tabs.getByRole('tab', { name: 'Repuestos 1', exact: true }).waitFor();
    expect(await page.getByText('Hay cambios sin guardar.').count()).toBe(0);

    // A saved open order may be closed: the reason is gone. Saving again (not new): a toast, no
    // 'Aviso', and the user stays here too.
    await expect.poll(() => page.getByRole('button', { name: 'CIERRE TOTAL' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'CIERRE TOTAL' }).getAttribute('aria-describedby')).toBeNull();
    const editUrl = page.url();
    await page.getByLabel('Kilometraje').fill('15200');
    await page.getByRole('button', { name: MECANICO }).click();
    await page.getByRole('status').filter({ hasText: 'Guardado correctamente' }).first().waitFor({ timeout: WAIT });
    expect(await page.getByRole('alertdialog', { name: 'Aviso' }).count()).toBe(0);
    await expect.poll(() => page.getByText('Hay cambios sin guardar.').count(), { timeout: WAIT }).toBe(0);
    expect(page.url()).toBe(editUrl);
    expect(await page.getByLabel('Kilometraje').inputValue()).toBe('15200');
  }, 180_000);
});
