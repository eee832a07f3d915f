import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { businessToday, formatDate } from '@shared/time';
import { rowAction, useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { seedRecord, seedPmPlan } from '../../../../tests/harness/seed-store';
import { createDemoKindMachine } from '../../../../tests/harness/equipment';

// /mantenimiento_preventivo in real Chromium against the real API (issue 20): a machine used 10 h
// a day whose 250 h plan was last serviced at 1,000 h and whose meter reads 1,180 is due in 7 days;
// the board shows it in the 7-day band with its forecast date, and one action opens its preventive
// OT pre-filled with the plan's interventions. Then the same board on a 390 px phone.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };
const TITLE = 'Mantenimiento preventivo';
const CODE = 'PM-E2E-1';
const today = businessToday(new Date());
const metadata = { userId: null, requestId: 'fixture' };
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

let seeded = false;
async function seed() {
  if (seeded) return;
  seeded = true;
  const [obra] = await e2e.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  const id = await createDemoKindMachine(e2e.store, e2e.sql, { id_obra: obra.id, codigo: CODE, codigo_sub_obra: 'SO-1', anio: 2021, horometro: 880, tipo_tarifa: 'HORA' }, metadata);
  for (let i = 30; i >= 1; i--) {
    const end = 1180 - 10 * (i - 1);
    await seedRecord(e2e.store, 'horometro', {
      id_equipo: id, id_obra: obra.id, fecha: addDays(today, -i), id_tipo_turno: 1, h_inicio: end - 10, h_fin: end,
      falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
    }, metadata);
  }
  await seedPmPlan(e2e.store, id, {
    fecha: today, ultimo_valor: 1000,
    fields: { nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite de motor', 'Cambio de filtros de aire'], productos: [], activo: true },
  }, metadata);
}

describe('/mantenimiento_preventivo (real Chromium, real API)', () => {
  it('at 1366 px: the plan due in 7 days with its forecast and data; the band filters; one action opens the preventive OT pre-filled', async () => {
    await seed();
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/mantenimiento_preventivo?query=${CODE}` });
    const table = page.getByRole('table', { name: TITLE });
    // The plans' projection is async: the row appears once the projector applied the plan.
    const row = table.getByRole('row').filter({ hasText: 'Servicio 250 h' });
    await expect.poll(async () => {
      if (await row.count()) return true;
      await page.reload();
      await table.waitFor(WAIT);
      return (await row.count()) > 0;
    }, { timeout: 30_000, interval: 500 }).toBe(true);
    const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    expect(cells).toEqual(expect.arrayContaining([CODE, 'Servicio 250 h', 'Vence en 7 días', formatDate(addDays(today, 7)), '7', '70.0 h']));

    await page.getByRole('button', { name: /^En 7 días/ }).click();
    await expect.poll(() => page.url(), WAIT).toContain('vencimiento=proximo_7');
    await row.waitFor(WAIT);
    await page.getByRole('button', { name: /^Todos/ }).focus();
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/mantenimiento-preventivo.png') });

    await rowAction(row, 'Abrir OT preventiva');
    await expect.poll(() => page.url(), WAIT).toContain('/ordenes_trabajo/nuevo');
    await page.getByText('OT preventiva del plan «Servicio 250 h»').waitFor(WAIT);
    // The plan's two standard interventions are the new OT's intervention lines (editable).
    await page.getByRole('tab', { name: /^Intervenciones 2/ }).click();
    const values = () => page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.value));
    await expect.poll(values, WAIT).toEqual(expect.arrayContaining(['Cambio de aceite de motor', 'Cambio de filtros de aire']));
    await context.close();
  }, 120_000);

  it('at 390 px: the plans as cards with their band, no sideways scroll, the bands in the filter sheet', async () => {
    await seed();
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: `/mantenimiento_preventivo?query=${CODE}`, viewport: { width: 390, height: 844 } });
    const cards = page.getByRole('list', { name: TITLE }).getByRole('listitem').filter({ hasText: CODE });
    await expect.poll(async () => {
      if (await cards.count()) return true;
      await page.reload();
      return (await cards.count()) > 0;
    }, { timeout: 30_000, interval: 500 }).toBe(true);
    expect(await cards.filter({ hasText: 'Servicio 250 h' }).filter({ hasText: 'Vence en 7 días' }).count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // On a phone the bands are with the site filter in the 'Filtros' sheet.
    await page.getByRole('button', { name: /^Filtros/ }).click();
    const sheet = page.getByRole('dialog', { name: /Filtros/ });
    await sheet.getByRole('button', { name: /^Vencidos/ }).waitFor(WAIT);
    await sheet.getByRole('button', { name: /^En 7 días/ }).click();
    await expect.poll(() => page.url(), WAIT).toContain('vencimiento=proximo_7');
    await context.close();
  }, 120_000);
});
