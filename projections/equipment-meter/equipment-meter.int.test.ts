import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../tests/harness/api';
import { createPlainMachine, createTestEquipo } from '../../tests/harness/equipment';
import { expectRebuildRestores } from '../../tests/harness/projection-restore';
import { rebuildProjection } from '../rebuild';
import { equipmentMeterProjection } from '.';

const api = useTestApi();
let admin = '';

const NOW = new Date('2026-03-20T15:00:00Z');

const log = (json: Record<string, unknown>) => api.call('POST', '/horometros/create', { token: admin, json: { id: 0, id_tipo_turno: 1, ...json } });

/** The machine's Horómetro as the equipment list shows it. */
async function listed(codigo: string): Promise<number> {
  const r = await api.call('GET', '/equipos', { token: admin, query: { query: codigo, limit: 10 } });
  expect(r.status, r.body.msg).toBe(200);
  const row = (r.body.items as { codigo: string; horometro: number }[]).find((i) => i.codigo === codigo);
  return Number(row!.horometro);
}

async function eventCount() {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

beforeAll(async () => {
  api.clock.now = NOW;
  admin = await api.login('admin@faena.pe');
}, 60_000);

describe('the machine\'s meter follows its logs (issue 20)', () => {
  it('each log advances the equipment list\'s Horómetro at once; an older log never takes it back', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 1000 });
    expect(await listed(eq.codigo)).toBe(1000);
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-10', h_inicio: 1000, h_fin: 1010 })).status).toBe(200);
    expect(await listed(eq.codigo)).toBe(1010);
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-11', h_inicio: 1010, h_fin: 1021 })).status).toBe(200);
    expect(await listed(eq.codigo)).toBe(1021);
    // A forgotten shift entered late (not the newest log) is checked against its neighbours only.
    const late = await log({ id_equipo: eq.id, fecha: '2026-03-10', id_tipo_turno: 2, h_inicio: 1010, h_fin: 1010 });
    expect(late.status, late.body.msg).toBe(200);
    expect(await listed(eq.codigo)).toBe(1021);
  });

  it('a newest log ending below the current meter is refused with a field error and writes nothing', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 2000 });
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-10', h_inicio: 2000, h_fin: 2180 - 170 })).status).toBe(200);
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-11', h_inicio: 2010, h_fin: 2020 })).status).toBe(200);
    const before = await eventCount();
    const lower = await log({ id_equipo: eq.id, fecha: '2026-03-12', h_inicio: 1990, h_fin: 1995, confirmar_horometro: 1 });
    expect(lower.status).toBe(422);
    expect(lower.body).toMatchObject({
      ok: false,
      msg: 'Revise los campos marcados',
      errors: { h_fin: 'El horómetro final (1995) es menor que el horómetro actual del equipo (2020). Si se cambió el horómetro, marque «Cambio de horómetro»' },
    });
    expect(await eventCount()).toBe(before);
    expect(await listed(eq.codigo)).toBe(2020);
  });

  it('editing the newest log compares it with the others: a typed 12,000 can be corrected to 1,200', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 1190 });
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-10', h_inicio: 1190, h_fin: 1195 })).status).toBe(200);
    const typo = await log({ id_equipo: eq.id, fecha: '2026-03-11', h_inicio: 11_995, h_fin: 12_000, confirmar_horometro: 1 });
    expect(typo.status, typo.body.msg).toBe(200);
    expect(await listed(eq.codigo)).toBe(12_000);
    const item = typo.body.item as { id: number; version: number };
    const fixed = await log({ id: item.id, version: item.version, id_equipo: eq.id, fecha: '2026-03-11', h_inicio: 1195, h_fin: 1200 });
    expect(fixed.status, fixed.body.msg).toBe(200);
    expect(await listed(eq.codigo)).toBe(1200);
  });

  it('a meter replacement is accepted below the current meter, restarts it, and stays flagged in the log and its history', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 8000 });
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-10', h_inicio: 8000, h_fin: 8010 })).status).toBe(200);
    const replaced = await log({ id_equipo: eq.id, fecha: '2026-03-11', h_inicio: 0, h_fin: 9, cambio_horometro: 1 });
    expect(replaced.status, replaced.body.msg).toBe(200);
    expect(replaced.body.item).toMatchObject({ h_inicio: 0, h_fin: 9, cambio_horometro: true });
    expect(await listed(eq.codigo)).toBe(9);
    // The next shift continues from the new meter: no warning, no refusal.
    expect((await log({ id_equipo: eq.id, fecha: '2026-03-12', h_inicio: 9, h_fin: 20 })).status).toBe(200);
    expect(await listed(eq.codigo)).toBe(20);

    const id = (replaced.body.item as { id: number }).id;
    const history = await api.call('GET', '/history', { token: admin, query: { stream_type: 'horometro', id } });
    expect(history.status, history.body.msg).toBe(200);
    expect(JSON.stringify(history.body)).toContain('cambio_horometro');
    const [row] = await api.sql`SELECT cambio_horometro FROM rm_horometros WHERE id = ${id}`;
    expect(row.cambio_horometro).toBe(true);

    // Removing the replacement brings the old meter back.
    expect((await api.call('GET', '/horometros/remove', { token: admin, query: { id } })).status).toBe(200);
    expect(await listed(eq.codigo)).toBe(8010);
  });

  it('a work order\'s readings advance the meter too, and its kilometraje is kept', async () => {
    const [obra] = await api.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
    const id = await createPlainMachine(api.store, api.sql, obra.id, 'MT-OT-1');
    const [people] = await api.sql<{ o: number; m: number; s: number }[]>`
      SELECT (SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1) AS o, (SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1) AS m,
             (SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1) AS s`;
    const r = await api.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: {
        id: 0, version: 0, id_obra: obra.id, id_equipo: id, placa_equipo: '', serie_equipo: 'S-MT-OT-1', fecha_parada: '', fecha_puesta_marcha: '',
        fecha_apertura_ot: '2026-03-12 08:30', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '3500.5',
        horometro_cierre_ot: '', kilometraje: '15230', tercero_ruc: '', tercero_razon_social: '', id_operador: people.o, id_mecanico: people.m,
        id_supervisor: people.s, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
        diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [],
      },
    });
    expect(r.status, r.body.msg).toBe(200);
    const [m] = await api.sql`SELECT horometro, fuente, kilometraje::float8 AS kilometraje FROM rm_equipo_medidores WHERE id_equipo = ${id}`;
    expect(m).toEqual({ horometro: 3500, fuente: 'orden_trabajo', kilometraje: 15230 });
    expect(await listed('MT-OT-1')).toBe(3500);
  });

  it('two orders of one machine with the same reading on the same day: the newest is the meter\'s source, live and rebuilt alike (the simulated month\'s counterexample)', async () => {
    const [obra] = await api.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
    const id = await createPlainMachine(api.store, api.sql, obra.id, 'MT-OT-TIE');
    const [people] = await api.sql<{ o: number; m: number; s: number }[]>`
      SELECT (SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1) AS o, (SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1) AS m,
             (SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1) AS s`;
    const open = async (hour: string) => {
      const r = await api.call('POST', '/ordenes_trabajo/create', {
        token: admin,
        json: {
          id: 0, version: 0, id_obra: obra.id, id_equipo: id, placa_equipo: '', serie_equipo: 'S-MT-OT-TIE', fecha_parada: '', fecha_puesta_marcha: '',
          fecha_apertura_ot: `2026-03-13 ${hour}`, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1000',
          horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: people.o, id_mecanico: people.m,
          id_supervisor: people.s, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
          diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [],
        },
      });
      expect(r.status, r.body.msg).toBe(200);
      return Number(r.body.id);
    };
    await open('08:00');
    const newest = await open('09:00');
    const meter = () => api.sql`SELECT * FROM rm_equipo_medidores WHERE id_equipo = ${id}`;
    const live = await meter();
    expect(live).toEqual([expect.objectContaining({ horometro: 1000, fuente: 'orden_trabajo', id_orden_trabajo: newest })]);
    await rebuildProjection(api.sql, api.store, equipmentMeterProjection, 'inline');
    expect(await meter()).toEqual(live);
  });

  it('rebuild equals live', async () => {
    await expectRebuildRestores(api, equipmentMeterProjection, () => api.sql`SELECT * FROM rm_equipo_medidores ORDER BY id_equipo`, () => api.sql`UPDATE rm_equipo_medidores SET horometro = -1`, 4);
  });
});
