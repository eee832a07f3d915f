import { describe, expect, it } from 'vitest';
import { dateInput, useE2e } from '../harness/e2e';

// Issue 14 §6: one fixed time reads the same on every screen, in a browser whose locale (en-US)
// and zone (the machine's, not Lima's) would write it otherwise: the work-order list cell, its
// form's DateField and its timeline; a catalogue's 'Creado' cell and the activity log. The API
// side (exports, PDF) is tests/contract/one-date-formatter.int.test.ts.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };
const SHOWN = '22/11/2026 03:05 PM';
/** 15:05 in Lima as an instant. */
const INSTANT = new Date('2026-11-22T20:05:00Z');
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('one date format on the screens (en-US browser)', () => {
  it("a work order opened at 15:05 and a brand created at 15:05 Lima time read '22/11/2026 03:05 PM' in list, form, timeline and log", async () => {
    // A demo order's opening and a demo brand's creation, set to the fixed time.
    const [order] = await e2e.sql<{ id: number; codigo: string }[]>`
      UPDATE rm_ordenes_trabajo SET fecha_apertura_ot = '2026-11-22 15:05'
       WHERE id = (SELECT id FROM rm_ordenes_trabajo WHERE estado = 1 ORDER BY id LIMIT 1) RETURNING id::int AS id, codigo`;
    const [brand] = await e2e.sql<{ id: number; nombre: string }[]>`
      UPDATE rm_marcas SET date_created = ${INSTANT} WHERE id = (SELECT id FROM rm_marcas ORDER BY id LIMIT 1) RETURNING id::int AS id, nombre`;
    await e2e.sql`UPDATE rm_activity_log SET date_created = ${INSTANT} WHERE stream_type = 'marca' AND target_id = ${brand.id}`;
    const [{ logged }] = await e2e.sql<{ logged: number }[]>`SELECT count(*)::int AS logged FROM rm_activity_log WHERE stream_type = 'marca' AND target_id = ${brand.id}`;

    const context = await e2e.newContext({ width: 1366, height: 768 }, 'en-US');
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await e2e.login(page, 'admin@faena.pe');

    // The list: the 'Apertura' cell of the order's row.
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo?query=${encodeURIComponent(order.codigo)}`);
    const row = page.getByRole('row').filter({ hasText: order.codigo });
    await row.first().waitFor(WAIT);
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map(squash);
    const apertura = headers.findIndex((h) => h.startsWith('Apertura'));
    expect(apertura).toBeGreaterThanOrEqual(0);
    expect(squash(await row.first().getByRole('cell').nth(apertura).innerText())).toBe(SHOWN);

    // The form: the DateField's date, hour and AM/PM say the same.
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo/${order.id}/editar`);
    const fecha = dateInput(page, 'Apertura de la OT');
    await fecha.waitFor(WAIT);
    const inForm = `${await fecha.inputValue()} ${await page.getByLabel('Apertura de la OT: hora').inputValue()} ${await page.getByLabel('Apertura de la OT: AM o PM').inputValue()}`;
    expect(inForm).toBe(SHOWN);

    // The timeline's summary.
    await page.getByRole('tab', { name: 'Línea de tiempo' }).click();
    await page.getByText(SHOWN).first().waitFor(WAIT);

    // A catalogue's 'Creado' cell: an instant read on Lima's clock, not the browser's.
    await page.goto(`${e2e.baseUrl}/marcas?query=${encodeURIComponent(brand.nombre)}`);
    const brandRow = page.getByRole('row').filter({ hasText: brand.nombre });
    await brandRow.first().waitFor(WAIT);
    expect(squash(await brandRow.first().innerText())).toContain(SHOWN);

    // The activity log of that brand.
    expect(logged).toBeGreaterThan(0);
    await page.goto(`${e2e.baseUrl}/logs?target=marca&id_target=${brand.id}`);
    await page.locator('time').filter({ hasText: SHOWN }).first().waitFor(WAIT);
    expect(await page.locator('time').filter({ hasText: SHOWN }).count()).toBeGreaterThanOrEqual(logged);
    await context.close();
  }, 240_000);
});
