import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/time';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { seedPartsCatalogue } from '../../../../tests/harness/seed-store';
import { createPlainMachine } from '../../../../tests/harness/equipment';

// Time travel in the browser (issue 18): an auditor (an administrator) opens a closed work order,
// asks to see it as it was, moves the history's slider back to before its CIERRE MECANICO and
// reads the earlier state, read-only, under the banner; the whole history downloads as Excel.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 15_000;
const ids = { obra: 0, equipo: 0, grupo: 0, elemento: 0, operador: 0, mecanico: 0, supervisor: 0 };

beforeAll(async () => {
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(e2e.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`);
  ids.operador = await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`);
  ids.mecanico = await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`);
  ids.supervisor = await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1`);
  ids.equipo = await createPlainMachine(e2e.store, e2e.sql, ids.obra, 'E2E-ASOF-01');
  const parts = await seedPartsCatalogue(e2e.store, { grupo: { sigla: 'EAO', nombre: 'Sistema de frenos E2E', elementos: [{ numero: '97.01', nombre: 'Pastillas E2E' }] } });
  [ids.grupo, ids.elemento] = [parts.grupo, parts.elementos[0]];
});

function orderFields(over: Record<string, unknown> = {}): Record<string, unknown> {
  const line = (descripcion: string, id = 0) => ({ id, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion, horas: 2, minutos: 0, observacion: '' });
  return {
    id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-E2E-ASOF-01', fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '2026-11-20 17:45', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '900', horometro_puesta_marcha: '904',
    horometro_apertura_ot: '900', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador,
    id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [line('Frenos con ruido')], intervenciones: [], productos_solicitados: [], documentos: [],
    ...over,
    ...(typeof over.diagnostico === 'string' ? { diagnosticos: [line(over.diagnostico, Number(over.id_diagnostico))] } : {}),
  };
}

/** POST /ordenes_trabajo/create from the signed-in page, as the form sends it. */
async function save(page: Page, body: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const reply = await page.evaluate(async (json) => {
    const accounts = JSON.parse(localStorage.getItem('faena.accounts') ?? '[]') as { id: number; token: string }[];
    const token = accounts.find((a) => a.id === Number(localStorage.getItem('faena.current')))?.token;
    const res = await fetch('/api/ordenes_trabajo/create', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(json) });
    return (await res.json()) as { ok: boolean; msg: string; id: number; version: number };
  }, body);
  expect(reply.ok, reply.msg).toBe(true);
  return reply;
}

/** The value the read-only field list shows for `field`. */
function fieldValue(page: Page, field: string) {
  return page.getByRole('group', { name: 'Campos del registro' }).locator('dt', { hasText: new RegExp(`^${field}$`) }).first().locator('xpath=following-sibling::dd[1]');
}

describe('the record history travels in time', () => {
  it('an auditor moves the slider of a closed work order back to before its CIERRE MECANICO and sees it as it was, read-only', async () => {
    const { page } = await e2e.signIn('admin@faena.pe');
    const opened = await save(page, orderFields());
    const [line] = await e2e.sql<{ id: number }[]>`SELECT id::int FROM rm_ot_lineas WHERE id_orden_trabajo = ${opened.id} AND tabla = 'diagnosticos'`;
    const mechanical = await save(page, orderFields({ id: opened.id, version: opened.version, kilometraje: '350', diagnostico: 'Pastillas gastadas', id_diagnostico: line.id }));
    await save(page, orderFields({ id: opened.id, version: mechanical.version, kilometraje: '350', fecha_cierre_ot: '2026-11-20 17:00', terminado: 1, diagnostico: 'Pastillas gastadas', id_diagnostico: line.id }));
    // When each save became the order's: its transaction's last event.
    const events = await e2e.store.readStream(`work_order-${opened.id}`);
    const moments = [...new Set(events.map((e) => e.transactionId))].map((tx) => events.filter((e) => e.transactionId === tx).at(-1)!);
    expect(moments.length).toBe(3);

    await page.goto(`${e2e.baseUrl}/ordenes_trabajo/${opened.id}/editar`);
    await page.getByRole('button', { name: 'Ver como estaba el…' }).click();
    const panel = page.getByRole('dialog', { name: 'Historial' });
    const banner = panel.getByTestId('as-of-banner');
    // It opens on the order before its last change (the CIERRE TOTAL): after the CIERRE MECANICO.
    await expect.poll(() => banner.textContent(), { timeout: WAIT }).toBe(`Así estaba el registro el ${formatDateTime(moments[1].recordedAt)} — solo lectura`);
    await expect.poll(() => fieldValue(page, 'kilometraje').textContent(), { timeout: WAIT }).toBe('350');

    // Back one step with the keyboard: the order as it was opened, before the CIERRE MECANICO.
    const slider = panel.getByRole('slider', { name: 'Versión del registro' });
    await slider.focus();
    await slider.press('ArrowLeft');
    await expect.poll(() => banner.textContent(), { timeout: WAIT }).toBe(`Así estaba el registro el ${formatDateTime(moments[0].recordedAt)} — solo lectura`);
    await expect.poll(() => fieldValue(page, 'kilometraje').textContent(), { timeout: WAIT }).toBe('—');
    await expect.poll(() => fieldValue(page, 'status').textContent(), { timeout: WAIT }).toBe('abierto');
    await expect.poll(() => fieldValue(page, 'descripcion').textContent(), { timeout: WAIT }).toBe('Frenos con ruido');
    expect(await slider.getAttribute('aria-valuetext')).toBe(`Versión ${moments[0].version}, ${formatDateTime(moments[0].recordedAt)}`);
    await expect.poll(() => panel.getByText(`Versión ${moments[0].version} de ${events.at(-1)!.version}`).count(), { timeout: WAIT }).toBe(1);
    // Read-only: the state is a list of values, no input to change them.
    expect(await panel.getByRole('group', { name: 'Campos del registro' }).locator('input, select, textarea').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'historial-como-estaba.png') });

    // The date-time field goes before the order existed: it says so.
    const before = new Date(moments[0].recordedAt.getTime() - 24 * 3600_000);
    const [d, m, y] = formatDateTime(before).slice(0, 10).split('/');
    await panel.getByLabel(/^Fecha y hora$/).fill(`${d}/${m}/${y}`);
    await expect.poll(() => panel.getByText('El registro no existía en esa fecha').count(), { timeout: WAIT }).toBe(1);

    // The whole history downloads.
    const download = page.waitForEvent('download', { timeout: WAIT });
    await panel.getByRole('button', { name: 'Descargar historial' }).click();
    await page.getByRole('menuitem', { name: 'Excel (xlsx)' }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^historial-work_order-${opened.id}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  });
});
