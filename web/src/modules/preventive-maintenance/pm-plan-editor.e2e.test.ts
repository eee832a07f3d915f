import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { axeFindings } from '../../../../tests/harness/axe';
import { rowAction, useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { seedRecord, seedPmPlan } from '../../../../tests/harness/seed-store';
import { createDemoKindMachine } from '../../../../tests/harness/equipment';

// Issue 20's plan editor and site setting in real Chromium against the real API: from the board's
// row menu, a machine's plans; the 250 h service's interval refused at 0 (the server's field error
// in place), then set to 300 h with a standard part (material and quantity); the preventive OT
// opened from the board starts with that part. On a 390 px phone, the site's automatic opening:
// switched on without the people it needs (their errors in place), then saved off with 10 days.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };
const CODE = 'PM-E2E-ED';
const PLAN = 'Servicio 250 h';
const today = businessToday(new Date());
const metadata = { userId: null, requestId: 'fixture' };
/** axe's critical and serious findings, less one the list kit has on every phone list with an
 * active filter (FilterBar's 'Filtros' button: its aria-label 'Filtros (1 activos)' does not
 * contain its visible text 'Filtros 1'), which is not this screen's. */
const findings = async (page: Page) =>
  (await axeFindings(page)).filter((f) => !(f.rule === 'label-content-name-mismatch' && f.target.includes('.h-11')));
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

let seeded: { obra: number; material: { codigo: string; nombre: string } } | null = null;
async function seed() {
  if (seeded) return seeded;
  const [obra] = await e2e.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  const [tipo] = await e2e.sql<{ id: number }[]>`SELECT id FROM rm_material_tipos ORDER BY id LIMIT 1`;
  const material = { codigo: 'PME2E-FLT-01', nombre: 'Filtro de aceite PM E2E' };
  await seedRecord(e2e.store, 'material', { id_material_tipo: tipo.id, ...material, estado: 1 }, metadata);
  const id = await createDemoKindMachine(e2e.store, e2e.sql, { id_obra: obra.id, codigo: CODE, codigo_sub_obra: 'SO-1', anio: 2021, horometro: 1180, tipo_tarifa: 'HORA' }, metadata);
  await seedRecord(e2e.store, 'horometro', {
    id_equipo: id, id_obra: obra.id, fecha: addDays(today, -1), id_tipo_turno: 1, h_inicio: 1170, h_fin: 1180,
    falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
  }, metadata);
  await seedPmPlan(e2e.store, id, {
    fecha: today, ultimo_valor: 1000, fields: { nombre: PLAN, unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite de motor'], productos: [], activo: true },
  }, metadata);
  seeded = { obra: obra.id, material };
  return seeded;
}

/** Waits for a board row (the plans' projection is async), reloading while it is not there. */
async function waitForRow(page: Page, row: Locator) {
  await expect.poll(async () => {
    if (await row.count()) return true;
    await page.reload();
    await page.getByRole('table', { name: 'Mantenimiento preventivo' }).waitFor(WAIT);
    return (await row.count()) > 0;
  }, { timeout: 30_000, interval: 500 }).toBe(true);
}

describe('plan editor and automatic opening (real Chromium, real API)', () => {
  it('at 1366 px: a plan\'s interval and parts edited from the board; the preventive OT starts with the part', async () => {
    const { material } = await seed();
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/mantenimiento_preventivo?query=${CODE}` });
    const row = page.getByRole('table', { name: 'Mantenimiento preventivo' }).getByRole('row').filter({ hasText: PLAN });
    await waitForRow(page, row);

    await rowAction(row, 'Planes del equipo');
    const plans = page.getByRole('dialog', { name: 'Planes de mantenimiento preventivo' });
    const item = plans.getByRole('listitem', { name: PLAN });
    await item.waitFor(WAIT);
    // The accessibility gate's rules (axe: WCAG A/AA and best practices) on each new dialog.
    expect(await findings(page)).toEqual([]);
    await item.getByRole('button', { name: `Editar ${PLAN}` }).click();

    const editor = page.getByRole('dialog', { name: 'Editar plan' });
    await editor.getByLabel(/^Intervalo\*?$/).fill('0');
    await editor.getByRole('button', { name: 'Guardar' }).click();
    // The server's refusal (422) shows under the field.
    await editor.getByText('Ingrese un intervalo mayor que 0 y de hasta 1,000,000').first().waitFor(WAIT);
    await editor.getByLabel(/^Intervalo\*?$/).fill('300');
    await editor.getByRole('button', { name: 'Agregar repuesto' }).click();
    const combo = editor.getByRole('combobox', { name: 'Material 1' });
    await combo.click();
    await combo.fill(material.codigo);
    await page.getByRole('option', { name: new RegExp(material.codigo) }).first().click(WAIT);
    await editor.getByLabel('Cantidad 1').fill('2');
    expect(await findings(page)).toEqual([]);
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/pm-plan-editor.png') });
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await editor.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => item.innerText(), WAIT).toContain('300.0 h');
    expect(await item.innerText()).toContain(`${material.nombre} × 2`);
    await plans.getByRole('button', { name: 'Cerrar' }).last().click();
    await plans.waitFor({ state: 'detached', ...WAIT });

    await rowAction(row, 'Abrir OT preventiva');
    await expect.poll(() => page.url(), WAIT).toContain('/ordenes_trabajo/nuevo');
    await page.getByText(`OT preventiva del plan «${PLAN}»`).waitFor(WAIT);
    await page.getByRole('tablist', { name: 'Líneas de la orden de trabajo' }).getByRole('tab', { name: /^Repuestos 1/ }).click();
    const parts = page.getByRole('region', { name: /Descripci[oó]n de [Rr]epuestos/ });
    await expect.poll(() => parts.getByLabel('Cantidad (fila 1)').inputValue(), WAIT).toBe('2');
    await expect.poll(() => parts.getByRole('combobox', { name: 'Material (fila 1)' }).inputValue(), WAIT).toContain(material.codigo);
    await context.close();
  }, 120_000);

  it('at 390 px: the site\'s automatic opening from the board, its errors in place, saved off with 10 days', async () => {
    const { obra } = await seed();
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/mantenimiento_preventivo?id_obra=${obra}&query=${CODE}`, viewport: { width: 390, height: 844 } });
    await page.getByRole('button', { name: 'Apertura automática' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apertura automática de OT preventivas' });
    const days = dialog.getByLabel(/^Días de anticipación/);
    await expect.poll(() => days.inputValue(), WAIT).toMatch(/^\d+$/);
    await dialog.getByRole('switch', { name: 'Abrir las OT preventivas automáticamente' }).click();
    await days.fill('10');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    // On without the people the OTs are opened with: the server names each missing field.
    await expect.poll(() => dialog.getByText('Este campo es obligatorio').count(), WAIT).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/pm-sitio-config.png') });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await findings(page)).toEqual([]);
    await dialog.getByRole('switch', { name: 'Abrir las OT preventivas automáticamente' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('status').filter({ hasText: 'Guardado correctamente' }).first().waitFor(WAIT);
    const [stored] = await e2e.sql<{ data: { auto_abrir: boolean; dias_anticipacion: number } }[]>`
      SELECT data FROM es_events WHERE stream_id = ${`pm_obra-${obra}`} ORDER BY version DESC LIMIT 1`;
    expect(stored.data).toMatchObject({ auto_abrir: false, dias_anticipacion: 10 });

    // The plans editor from a card's menu fits the phone too.
    const card = page.getByRole('list', { name: 'Mantenimiento preventivo' }).getByRole('listitem').filter({ hasText: CODE }).first();
    await card.waitFor(WAIT);
    await rowAction(card, 'Planes del equipo');
    const plans = page.getByRole('dialog', { name: 'Planes de mantenimiento preventivo' });
    await plans.getByRole('listitem', { name: PLAN }).getByRole('button', { name: `Editar ${PLAN}` }).click();
    await page.getByRole('dialog', { name: 'Editar plan' }).getByRole('combobox', { name: 'Material 1' }).waitFor(WAIT);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
