import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { hashPassword } from '../auth/internal/password';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { HOROMETRO_MSG } from './hour-meter-messages';

// The shift grid's calls (docs/modules/hour-meters.md "Shift readings in bulk"): the grid's read
// and the batch save, one command per machine, each row answered on its own.
const api = useTestApi();

// 10:00 in Lima on 10/03/2026: the day shift of 09/03 is still inside the 24 h window.
const NOW = new Date('2026-03-10T15:00:00Z');
const FECHA = '2026-03-09';
const tokens: Record<string, string> = {};
let obra = 0;

const grid = (token: string, query: Record<string, string | number>) => api.call('GET', '/horometros/turno', { token, query });
const saveShift = (token: string, json: Record<string, unknown>, headers?: Record<string, string>) =>
  api.call('POST', '/horometros/registrarTurno', { token, json, headers });

async function logsOf(ids: number[]) {
  return api.sql<{ id_equipo: number; h_inicio: number; h_fin: number }[]>`
    SELECT id_equipo::int, h_inicio, h_fin FROM rm_horometros WHERE id_equipo IN ${api.sql(ids)} ORDER BY id_equipo`;
}

beforeAll(async () => {
  api.clock.now = NOW;
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.mecanico = await api.login('mecanico@faena.pe');
  const [empresa] = await api.sql<{ id: number }[]>`SELECT min(id)::int AS id FROM rm_empresas`;
  obra = (await createRecord(api.store, 'obra', { id_empresa: empresa.id, codigo: 'OB-TURNO', nombre: 'Obra del turno', direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 })).id;
  // A supervisor of another site only.
  const [other] = await api.sql<{ id: number }[]>`SELECT min(id)::int AS id FROM rm_obras WHERE id <> ${obra}`;
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', {
    id_role: 15, id_obra: other.id, name: 'Sara', surname: 'Otra Obra', document: '49900002', email: 'sara.otra@faena.pe', all_works: 0, estado: 1,
  }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
  tokens.otra = await api.login('sara.otra@faena.pe');
}, 120_000);

describe('GET /horometros/turno', () => {
  it('lists the site\'s active machines by code with the proposed start and the saved log of the slot', async () => {
    const a = await createTestEquipo(api.store, { id_obra: obra, codigo: 'TG-A', horometro: 500 });
    const b = await createTestEquipo(api.store, { id_obra: obra, codigo: 'TG-B', horometro: 800 });
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'TG-C', estado: 0 });
    // B worked the night before (registered by the admin, exempt from the window): its next shift
    // starts where that one ended.
    const prev = await api.call('POST', '/horometros/create', { token: await api.login('admin@faena.pe'), json: { id: 0, id_equipo: b.id, fecha: '2026-03-08', id_tipo_turno: 2, h_inicio: 800, h_fin: 810 } });
    expect(prev.status, prev.body.msg).toBe(200);
    const r = await grid(tokens.jefe, { id_obra: obra, fecha: FECHA, id_tipo_turno: 1 });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body).toMatchObject({ obra: 'Obra del turno', fecha: FECHA, id_tipo_turno: 1, puede_registrar: true, en_plazo: true });
    const items = r.body.items as { codigo: string; h_inicio: number; fuente: string; registro: unknown }[];
    expect(items.map((i) => [i.codigo, i.h_inicio, i.fuente, i.registro])).toEqual([
      ['TG-A', 500, 'equipo', null],
      ['TG-B', 810, 'registro', null],
    ]);
    const saved = await saveShift(tokens.jefe, { fecha: FECHA, id_tipo_turno: 1, rows: [{ id_equipo: a.id, h_inicio: 500, h_fin: 508 }] });
    expect(saved.body.guardados).toBe(1);
    const again = await grid(tokens.jefe, { id_obra: obra, fecha: FECHA, id_tipo_turno: 1 });
    expect((again.body.items as { registro: unknown }[])[0].registro).toMatchObject({ h_inicio: 500, h_fin: 508, estado: 1 });
  });

  it('a site the caller does not work on is a 404; bad input a 422; no right a 403', async () => {
    const r = await grid(tokens.otra, { id_obra: obra });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('No se encontró la obra');
    const bad = await grid(tokens.jefe, { id_obra: obra, fecha: '2026-02-31', id_tipo_turno: 9 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ fecha: 'Fecha inválida', id_tipo_turno: 'Turno no válido' });
    expect((await grid(await api.login('almacen.obra@faena.pe'), { id_obra: obra })).status).toBe(403);
  });
});

describe('POST /horometros/registrarTurno: one command per machine', () => {
  it('one invalid row neither stops nor rolls back the others; each row carries its own errors', async () => {
    const ms = await Promise.all(['TS-1', 'TS-2', 'TS-3'].map((codigo) => createTestEquipo(api.store, { id_obra: obra, codigo, horometro: 1000 })));
    const [events] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
    const r = await saveShift(tokens.jefe, {
      fecha: FECHA,
      id_tipo_turno: 1,
      rows: [
        { id_equipo: ms[0].id, h_inicio: 1000, h_fin: 1009, falla_neta: '1.5' },
        { id_equipo: ms[1].id, h_inicio: 1000, h_fin: 1013, falla_tajo: '1.25' },
        { id_equipo: ms[2].id, h_inicio: '1000', h_fin: '1004' },
      ],
    });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body).toMatchObject({ ok: true, guardados: 2, fallidos: 1, msg: 'Se guardaron 2 de 3 registros; revise los 1 marcados' });
    const results = r.body.results as { id_equipo: number; ok: boolean; errors?: Record<string, string> }[];
    expect(results.map((x) => [x.id_equipo, x.ok])).toEqual([[ms[0].id, true], [ms[1].id, false], [ms[2].id, true]]);
    expect(results[1]).toMatchObject({
      msg: 'Revise los campos marcados',
      errors: { h_fin: 'Las horas trabajadas (13 h) superan la duración del turno (12 h)', falla_tajo: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)' },
    });
    // The machines were created concurrently: their ids need not follow their codes.
    expect(await logsOf(ms.map((m) => m.id))).toEqual(
      [{ id_equipo: ms[0].id, h_inicio: 1000, h_fin: 1009 }, { id_equipo: ms[2].id, h_inicio: 1000, h_fin: 1004 }].sort((x, y) => x.id_equipo - y.id_equipo),
    );
    // Two logs, each with its slot claim: nothing of the refused row was written.
    const [after] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
    expect(after.n - events.n).toBe(4);

    // The corrected row alone is sent again: the saved ones stay as they are.
    const fixed = await saveShift(tokens.jefe, { fecha: FECHA, id_tipo_turno: 1, rows: [{ id_equipo: ms[1].id, h_inicio: 1000, h_fin: 1011 }] });
    expect(fixed.body).toMatchObject({ guardados: 1, fallidos: 0, msg: 'Se guardaron 1 registros' });
    expect((await logsOf(ms.map((m) => m.id))).length).toBe(3);
  });

  it('the single dialog\'s rules per row: the slot taken, the meter that does not continue (confirmed on request), a machine of another site', async () => {
    const m = await createTestEquipo(api.store, { id_obra: obra, codigo: 'TS-DUP', horometro: 2000 });
    const jump = await createTestEquipo(api.store, { id_obra: obra, codigo: 'TS-JUMP', horometro: 3000 });
    const first = await saveShift(tokens.jefe, { fecha: FECHA, id_tipo_turno: 1, rows: [{ id_equipo: m.id, h_inicio: 2000, h_fin: 2005 }] });
    expect(first.body.guardados).toBe(1);
    const r = await saveShift(tokens.jefe, {
      fecha: FECHA,
      id_tipo_turno: 1,
      rows: [
        { id_equipo: m.id, h_inicio: 2005, h_fin: 2008 },
        { id_equipo: jump.id, h_inicio: 2990, h_fin: 2995 },
        { id_equipo: jump.id, h_inicio: 2990, h_fin: 2995 },
      ],
    });
    const results = r.body.results as Record<string, unknown>[];
    expect(results[0]).toMatchObject({ ok: false, msg: HOROMETRO_MSG.duplicate, errors: { id_tipo_turno: HOROMETRO_MSG.duplicate } });
    expect(results[1]).toMatchObject({
      ok: false,
      requiere_confirmacion: true,
      errors: { h_inicio: 'El horómetro inicial (2990) es menor que la lectura registrada del equipo (3000)' },
    });
    expect(results[2]).toMatchObject({ ok: false, errors: { id_equipo: 'El equipo se repite en el turno' } });
    const confirmed = await saveShift(tokens.jefe, { fecha: FECHA, id_tipo_turno: 1, rows: [{ id_equipo: jump.id, h_inicio: 2990, h_fin: 2995, confirmar_horometro: 1 }] });
    expect(confirmed.body.results).toMatchObject([{ ok: true }]);
  });

  it('a batch retried under the same Idempotency-Key stores its logs once', async () => {
    const ms = await Promise.all(['TS-K1', 'TS-K2'].map((codigo) => createTestEquipo(api.store, { id_obra: obra, codigo, horometro: 100 })));
    const body = { fecha: FECHA, id_tipo_turno: 1, rows: ms.map((m) => ({ id_equipo: m.id, h_inicio: 100, h_fin: 106 })) };
    const headers = { 'Idempotency-Key': 'turno-test-1' };
    const one = await saveShift(tokens.jefe, body, headers);
    const two = await saveShift(tokens.jefe, body, headers);
    expect(two.body).toEqual(one.body);
    expect((await logsOf(ms.map((m) => m.id))).length).toBe(2);
  });

  it('refuses the batch as a whole for a bad shift, no rows, or a profile that may not register', async () => {
    const bad = await saveShift(tokens.jefe, { fecha: 'ayer', id_tipo_turno: 3, rows: [] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['fecha', 'id_tipo_turno', 'rows']);
    const m = await createTestEquipo(api.store, { id_obra: obra });
    const refused = await saveShift(tokens.mecanico, { fecha: FECHA, id_tipo_turno: 1, rows: [{ id_equipo: m.id, h_inicio: 1000, h_fin: 1001 }] });
    expect(refused.status).toBe(403);
  });
});
