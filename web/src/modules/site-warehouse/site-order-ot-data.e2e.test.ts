import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '@shared/work-order-derive';
import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';

// Seed 002 §3 "Work order as seen by the warehouses" on the site Pedido (issue 29): a demo work
// order with its stop, readings, diagnoses and interventions opens in /almacen_obra_ots/{id}/editar
// and shows them in a read-only section, as the work order stores them.

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;

describe('the site Pedido shows the OT’s data read-only (real Chromium, real API)', () => {
  it('stop and restart, hour-meter readings, plate, people, diagnoses and interventions of a demo OT; nothing there can be typed into', async () => {
    const [ot] = await e2e.sql<{ id: number; codigo: string; fecha_parada: string; horometro_parada: number; placa_equipo: string; mecanico: string | null }[]>`
      SELECT o.id::int, o.codigo, to_char(o.fecha_parada, 'YYYY-MM-DD HH24:MI') AS fecha_parada, o.horometro_parada::float8 AS horometro_parada,
             o.placa_equipo, o.mecanico
        FROM rm_ordenes_trabajo o
       WHERE o.fecha_parada IS NOT NULL AND o.horometro_parada IS NOT NULL
         AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'diagnosticos')
         AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'intervenciones')
       ORDER BY o.id DESC LIMIT 1`;
    expect(ot, 'a demo OT with a stop, readings, diagnoses and interventions').toBeDefined();
    const work = await e2e.sql<{ tabla: string; descripcion: string; horas: number; minutos: number }[]>`
      SELECT tabla, line->>'descripcion' AS descripcion, coalesce((line->>'horas')::int, 0) AS horas, coalesce((line->>'minutos')::int, 0) AS minutos
        FROM rm_ot_lineas WHERE id_orden_trabajo = ${ot.id} AND tabla IN ('diagnosticos', 'intervenciones') ORDER BY id`;

    const { page } = await e2e.signIn('admin@faena.pe', { path: `/almacen_obra_ots/${ot.id}/editar`, viewport: { width: 1366, height: 768 } });
    await page.getByRole('heading', { name: `Pedido OT ${ot.codigo}` }).waitFor({ timeout: WAIT });
    const section = page.getByRole('region', { name: 'Datos de la OT (solo lectura)' });
    await section.waitFor({ timeout: WAIT });
    const value = (label: string) => section.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
    expect(await value('Parada')).toBe(formatDateTime(ot.fecha_parada));
    expect(await value('Horómetro parada')).toBe(formatNumber(ot.horometro_parada, 2));
    expect(await value('Placa')).toBe(ot.placa_equipo || '—');
    if (ot.mecanico) expect(await value('Mecánico')).toContain(ot.mecanico);
    for (const [tabla, title] of [['diagnosticos', 'Diagnósticos'], ['intervenciones', 'Intervenciones']] as const) {
      const rows = work.filter((w) => w.tabla === tabla);
      const table = section.getByRole('table', { name: title });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(rows.length);
      const first = await table.locator('tbody tr').first().innerText();
      expect(first).toContain(rows[0].descripcion);
      expect(first).toContain(formatDuration({ horas: rows[0].horas, minutos: rows[0].minutos }));
    }
    // Read-only: the section holds no field or button.
    expect(await section.locator('input, select, textarea, button').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await section.screenshot({ path: join(shots, 'almacen-obra-pedido-datos-ot.png') });
  }, 120_000);
});
