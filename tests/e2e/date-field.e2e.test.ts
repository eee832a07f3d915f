import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessToday } from '../../shared/time';
import { projectRoot } from '../../services/shared/config';
import { dateInput, rowAction, useE2e } from '../harness/e2e';

// Issue 13, item 21: every date input is the shared DateField, dd/mm/aaaa typed or picked on its
// calendar, the same in a browser whose locale would write mm/dd/yyyy; work-order times are on
// the 12-hour clock.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };

/** `email` signed in, in an English (en-US) browser, on `path`. */
async function inEnglish(email: string, path: string) {
  const context = await e2e.newContext({ width: 1366, height: 768 }, 'en-US');
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await e2e.login(page, email);
  await page.goto(`${e2e.baseUrl}${path}`);
  return { context, page };
}

/** Types digits into a masked field as a user would: `refused` (digits, then what the field shows)
 * shows `error`; cleared, `accepted` is shown as typed with its separators. */
async function typeRefusedThenAccepted(field: Locator, refused: [string, string], error: string, accepted: [string, string]): Promise<void> {
  await field.pressSequentially(refused[0]);
  expect(await field.inputValue()).toBe(refused[1]);
  await field.page().getByText(error).waitFor(WAIT);
  await field.fill('');
  await field.pressSequentially(accepted[0]);
  expect(await field.inputValue()).toBe(accepted[1]);
}
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('the DateField in an English (en-US) browser', () => {
  it('types dd/mm/aaaa, refuses an impossible day, picks a day on the calendar and applies the range', async () => {
    const { context, page } = await inEnglish('admin@faena.pe', '/marcas');
    await page.getByRole('button', { name: /Rango de fechas/ }).click();
    const desde = dateInput(page, 'Desde');
    const hasta = dateInput(page, 'Hasta');
    await desde.waitFor(WAIT);
    expect(await desde.getAttribute('type')).toBe('text');
    expect(await desde.getAttribute('placeholder')).toBe('dd/mm/aaaa');

    // Keyboard: digits only, the slashes come by themselves; 31/02 is not a day.
    await typeRefusedThenAccepted(desde, ['31022026', '31/02/2026'], 'Fecha inválida (dd/mm/aaaa)', ['03042026', '03/04/2026']);
    expect(await page.getByText('Fecha inválida (dd/mm/aaaa)').count()).toBe(0);

    // The calendar: today's month, today's day picked by its dd/mm/aaaa name.
    const today = businessToday(new Date());
    await page.getByRole('button', { name: 'Elegir hasta en el calendario' }).click();
    const calendar = page.getByRole('group', { name: 'Calendario' });
    await calendar.waitFor(WAIT);
    await calendar.getByRole('button', { name: 'Mes siguiente' }).click();
    await calendar.getByRole('button', { name: 'Mes anterior' }).click();
    await calendar.getByRole('button', { name: dmy(today), exact: true }).click();
    expect(await hasta.inputValue()).toBe(dmy(today));
    await calendar.waitFor({ state: 'detached', ...WAIT });
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/date-field-en-us.png') });

    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL((u) => u.searchParams.get('date_from') === '2026-04-03' && u.searchParams.get('date_to') === today, WAIT);
    await page.getByRole('button', { name: `${dmy('2026-04-03')} – ${dmy(today)}` }).waitFor(WAIT);
    await context.close();
  }, 240_000);

  it('the work order form takes its dates as dd/mm/aaaa and hh:mm AM/PM', async () => {
    const { context, page } = await inEnglish('supervisor@faena.pe', '/ordenes_trabajo/nuevo');
    const fecha = dateInput(page, 'Apertura de la OT');
    await fecha.waitFor(WAIT);
    // A new order proposes now, on the 12-hour clock.
    expect(await fecha.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await page.getByLabel('Apertura de la OT: hora').inputValue()).toMatch(/^(0[1-9]|1[0-2]):[0-5]\d$/);
    expect(['AM', 'PM']).toContain(await page.getByLabel('Apertura de la OT: AM o PM').inputValue());
    // 05:45 PM is 17:45; an hour of 13 is refused under the field.
    const cierre = dateInput(page, 'Cierre de la OT');
    await cierre.pressSequentially('20112026');
    await page.getByLabel('Cierre de la OT: hora').pressSequentially('1345');
    await page.getByText('Hora inválida (hh:mm, de 01:00 a 12:59)').waitFor(WAIT);
    await page.getByLabel('Cierre de la OT: hora').fill('05:45');
    await page.getByLabel('Cierre de la OT: AM o PM').selectOption('PM');
    expect(await page.getByText('Hora inválida (hh:mm, de 01:00 a 12:59)').count()).toBe(0);
    expect(await cierre.inputValue()).toBe('20/11/2026');
    await context.close();
  }, 240_000);

  it('the amortization plan takes its first month as mm/aaaa (no native month input), issue 14', async () => {
    const [planned] = await e2e.sql<{ id: number; codigo: string; inicio: string }[]>`
      SELECT e.id::int AS id, e.codigo, to_char(a.amortizacion_inicio, 'YYYY-MM') AS inicio FROM rm_equipos e JOIN rm_equipo_amortizaciones a ON a.id = e.id
       WHERE e.amortizacion > 0 AND e.estado = 1 AND a.amortizacion_inicio IS NOT NULL ORDER BY e.codigo LIMIT 1`;
    const { context, page } = await inEnglish('admin@faena.pe', `/equipos?query=${encodeURIComponent(planned.codigo)}`);
    const row = page.getByRole('table', { name: 'Equipos' }).getByRole('row').filter({ hasText: planned.codigo });
    await row.waitFor(WAIT);
    await rowAction(row, 'Amortización');
    const mes = page.getByRole('dialog').getByLabel('Mes de inicio');
    await mes.waitFor(WAIT);
    expect(await mes.getAttribute('type')).toBe('text');
    expect(await mes.getAttribute('placeholder')).toBe('mm/aaaa');
    expect(await mes.inputValue()).toBe(`${planned.inicio.slice(5, 7)}/${planned.inicio.slice(0, 4)}`);
    await mes.fill('');
    await typeRefusedThenAccepted(mes, ['132026', '13/2026'], 'Mes inválido (mm/aaaa)', ['032026', '03/2026']);
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    await expect.poll(async () => (await e2e.sql<{ inicio: string }[]>`SELECT to_char(amortizacion_inicio, 'YYYY-MM') AS inicio FROM rm_equipo_amortizaciones WHERE id = ${planned.id}`)[0]?.inicio, { timeout: 30_000 }).toBe('2026-03');
    await context.close();
  }, 240_000);
});
