import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { hashPassword } from '../auth/internal/password';
import { FORBIDDEN } from '../platform/api-error';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { HOROMETRO_MSG } from './hour-meter-messages';

const { noFlag: MSG_NO_FLAG, duplicate: MSG_DUPLICATE, equipoFixed: MSG_EQUIPO_FIXED, equipoNotFound: MSG_EQUIPO_NOT_FOUND } = HOROMETRO_MSG;

const api = useTestApi();

// 10:00 in Lima on 10/03/2026: the day shift of 09/03 ended at 19:00 on 09/03, so with the default
// registro_horometro of 24 h it may be registered until 19:00 today; the one of 08/03 no longer.
const NOW = new Date('2026-03-10T15:00:00Z');
const tokens: Record<string, string> = {};

async function eventCount() {
  const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

async function userWithRole(email: string, perms: { url: string; see: number; edit: number }[], horometros: 0 | 1) {
  const modules = await api.sql<{ id: number; url: string }[]>`SELECT id, url FROM rm_modules WHERE url IN ${api.sql(perms.map((p) => p.url))}`;
  const role = await createRecord(api.store, 'role', {
    name: `perfil ${email}`, id_type_user: 1, id_module: null, system_user: 1, admin: 0, menu_collapsed: 0, horometros, protected: 0, estado: 1,
    perms: perms.map((p) => ({ id_module: modules.find((m) => m.url === p.url)!.id, see: p.see, edit: p.edit })),
  });
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', { id_role: role.id, name: 'Prueba', surname: email, document: email, email, all_works: 1, estado: 1 }, {
    within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
  });
  return api.login(email);
}

/** Moves the API's clock and signs in again (sessions last 12 hours on that clock). */
async function moveClock(iso: string) {
  api.clock.now = new Date(iso);
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.admin = await api.login('admin@faena.pe');
}

const create = (token: string, json: Record<string, unknown>) => api.call('POST', '/horometros/create', { token, json: { id: 0, ...json } });

beforeAll(async () => {
  api.clock.now = NOW;
  tokens.admin = await api.login('admin@faena.pe');
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.root = await api.login('root@faena.pe');
  tokens.mecanico = await api.login('mecanico@faena.pe');
  tokens.sinFlag = await userWithRole('sinflag@faena.pe', [{ url: '/horometros', see: 1, edit: 1 }], 0);
  tokens.soloVer = await userWithRole('solover@faena.pe', [{ url: '/horometros', see: 1, edit: 0 }], 1);
}, 120_000);

describe('POST /horometros/create: the log\'s fields (seed 001 §5, §9)', () => {
  it('saves a valid log, storing meter values as absolute values, and replies with the computed columns', async () => {
    const eq = await createTestEquipo(api.store);
    const r = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: -1000, h_fin: '-1009', falla_neta: '1.5', obs_neta: 'Cambio de manguera' });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', is_new: true });
    expect(r.body.item).toMatchObject({
      id_equipo: eq.id, equipo: eq.codigo, fecha: '2026-03-09', fecha_creacion: '2026-03-09', id_tipo_turno: 1, turno: 'Día',
      h_inicio: 1000, h_fin: 1009, falla_operacional: 0, falla_neta: 1.5, falla_tajo: 0, obs_neta: 'Cambio de manguera',
      horas_trabajadas: 9, fallas: 1.5, disponibilidad: 85.71, utilizacion: 85.71,
    });
    const [row] = await api.sql`SELECT h_inicio, h_fin, falla_neta::text AS falla_neta, id_obra FROM rm_horometros WHERE id = ${(r.body.item as { id: number }).id}`;
    expect(row).toEqual({ h_inicio: 1000, h_fin: 1009, falla_neta: '1.5', id_obra: eq.id_obra });
  });

  it('refuses bad values field by field with Spanish messages, writing nothing', async () => {
    const eq = await createTestEquipo(api.store);
    const before = await eventCount();
    const r = await create(tokens.jefe, {
      id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: null, h_inicio: 12345678, h_fin: '12.5',
      falla_operacional: '123.4', falla_neta: '1.25', falla_tajo: '-1', obs_operacional: 'x'.repeat(301),
    });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('Revise los campos marcados');
    expect(r.body.errors).toEqual({
      id_tipo_turno: 'Este campo es obligatorio',
      h_inicio: 'Máximo 7 dígitos',
      h_fin: 'Debe ser un número entero',
      falla_operacional: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)',
      falla_neta: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)',
      falla_tajo: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)',
      obs_operacional: 'Máximo 300 caracteres',
    });
    expect(await eventCount()).toBe(before);
  });

  it('accepts 7 digits, 300-character observations and 4-character failures', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 0 });
    const r = await create(tokens.jefe, {
      id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 9_999_990, h_fin: 9_999_999, falla_operacional: '1.5', falla_tajo: 1,
      obs_operacional: 'o'.repeat(300), obs_tajo: 'Voladura',
    });
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
    expect(r.body.item).toMatchObject({ h_fin: 9_999_999, falla_operacional: 1.5, falla_tajo: 1, obs_operacional: 'o'.repeat(300), turno: 'Noche' });
  });

  it('the end is not below the start; worked hours and failures fit the shift', async () => {
    const eq = await createTestEquipo(api.store);
    const base = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000 };
    expect((await create(tokens.jefe, { ...base, h_fin: 999 })).body.errors).toEqual({ h_fin: 'El horómetro final no puede ser menor que el inicial' });
    expect((await create(tokens.jefe, { ...base, h_fin: 1013 })).body.errors).toEqual({ h_fin: 'Las horas trabajadas (13 h) superan la duración del turno (12 h)' });
    expect((await create(tokens.jefe, { ...base, h_fin: 1000, falla_operacional: '6', falla_tajo: '6.5' })).body.errors).toEqual({
      falla_operacional: 'La suma de fallas (12.5 h) supera la duración del turno (12 h)',
      falla_tajo: 'La suma de fallas (12.5 h) supera la duración del turno (12 h)',
    });
    expect((await create(tokens.jefe, { ...base, h_fin: 1010, falla_neta: '2.5' })).body.errors).toEqual({
      falla_neta: 'Las horas trabajadas más la falla neta (12.5 h) superan la duración del turno (12 h)',
    });
    expect((await create(tokens.jefe, { ...base, h_fin: 1001, fecha: '2026-03-11' })).body.errors).toEqual({ fecha: 'La fecha no puede ser posterior a hoy' });
  });

  it('equipment: required on create, must exist, cannot change on edit', async () => {
    const base = { fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    const missing = await create(tokens.jefe, base);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id_equipo: 'Este campo es obligatorio' });
    expect((await create(tokens.jefe, { ...base, id_equipo: 987654 })).body.errors).toEqual({ id_equipo: MSG_EQUIPO_NOT_FOUND });

    const eq = await createTestEquipo(api.store);
    const other = await createTestEquipo(api.store);
    const saved = await create(tokens.jefe, { ...base, id_equipo: eq.id });
    const id = (saved.body.item as { id: number }).id;
    const moved = await create(tokens.jefe, { ...base, id, id_equipo: other.id });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ id_equipo: MSG_EQUIPO_FIXED });
    // Without id_equipo (or with the same one) the edit keeps the machine.
    const edited = await create(tokens.jefe, { ...base, id, h_fin: 1010 });
    expect(edited.status, edited.body.msg).toBe(200);
    expect(edited.body).toMatchObject({ is_new: false, item: { id_equipo: eq.id, h_fin: 1010, horas_trabajadas: 10, version: 2 } });
    // A form loaded before that edit (version 1) no longer saves.
    const stale = await create(tokens.jefe, { ...base, id, h_fin: 1011, version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { msg: 'El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.' } });
  });

  it('one log per machine, date and shift: 409 with a clear message, nothing written', async () => {
    const eq = await createTestEquipo(api.store);
    const log = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    expect((await create(tokens.jefe, log)).status).toBe(200);
    const before = await eventCount();
    const again = await create(tokens.jefe, { ...log, h_inicio: 1008, h_fin: 1010 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ ok: false, msg: MSG_DUPLICATE, errors: { id_tipo_turno: MSG_DUPLICATE } });
    expect(await eventCount()).toBe(before);
    // The night shift of the same date is another slot.
    expect((await create(tokens.jefe, { ...log, id_tipo_turno: 2, h_inicio: 1008, h_fin: 1016 })).status).toBe(200);
  });

  it('the meter continues from the previous log: a break is a warning the user confirms', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 5000 });
    // No logs yet: below the machine's registered reading.
    const low = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 4990, h_fin: 4998 });
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ requiere_confirmacion: true, errors: { h_inicio: 'El horómetro inicial (4990) es menor que la lectura registrada del equipo (5000)' } });

    expect((await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 5000, h_fin: 5008 })).status).toBe(200);
    const before = await eventCount();
    const broken = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 5005, h_fin: 5010 });
    expect(broken.status).toBe(422);
    expect(broken.body.msg).toBe('El horómetro inicial (5005) es menor que el final del registro anterior (5008, 09/03/2026 Día).');
    expect(broken.body.requiere_confirmacion).toBe(true);
    expect(await eventCount()).toBe(before);
    const confirmed = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 5005, h_fin: 5010, confirmar_horometro: 1 });
    expect(confirmed.status, confirmed.body.msg).toBe(200);

    // A log inserted before others must end at or below the next one's start.
    const earlier = await create(tokens.admin, { id_equipo: eq.id, fecha: '2026-03-07', id_tipo_turno: 1, h_inicio: 4995, h_fin: 5003 });
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors).toEqual({ h_fin: 'El horómetro final (5003) es mayor que el inicial del registro siguiente (5000, 09/03/2026 Día)' });
  });
});

describe('rights: the /horometros edit right and the profile flag horometros (seed 001 §6)', () => {
  it('no right on the module: 403; see only: 403 on writes, the list opens', async () => {
    const eq = await createTestEquipo(api.store);
    const log = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    expect(await create(tokens.mecanico, log)).toMatchObject({ status: 403, body: { msg: FORBIDDEN } });
    expect(await create(tokens.soloVer, log)).toMatchObject({ status: 403, body: { msg: FORBIDDEN } });
    expect((await api.call('GET', '/horometros', { token: tokens.soloVer })).status).toBe(200);
  });

  it('edit right without the profile flag: 403 with a clear message on every write', async () => {
    const eq = await createTestEquipo(api.store);
    const log = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    const before = await eventCount();
    expect(await create(tokens.sinFlag, log)).toMatchObject({ status: 403, body: { ok: false, msg: MSG_NO_FLAG } });
    const saved = await create(tokens.jefe, log);
    const id = (saved.body.item as { id: number }).id;
    expect(await api.call('GET', '/horometros/remove', { token: tokens.sinFlag, query: { id } })).toMatchObject({ status: 403, body: { msg: MSG_NO_FLAG } });
    expect(await api.call('POST', '/horometros/disable', { token: tokens.sinFlag, json: { id } })).toMatchObject({ status: 403, body: { msg: MSG_NO_FLAG } });
    // Only the chief's save: the log's creation and its slot claim.
    expect(await eventCount()).toBe(before + 2);
    // The form tells the screen the user may not register.
    const form = await api.call('POST', '/horometros/form', { token: tokens.sinFlag, json: { id: 0 } });
    expect(form.body).toMatchObject({ ok: true, puede_registrar: false });
    expect((await api.call('POST', '/horometros/form', { token: tokens.jefe, json: { id: 0 } })).body).toMatchObject({ puede_registrar: true, registro_horometro: 24 });
  });

  it('root may register without the flag', async () => {
    const eq = await createTestEquipo(api.store);
    expect((await create(tokens.root, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 })).status).toBe(200);
  });
});

describe('registration window: registro_horometro hours after the shift ends (admin and root exempt)', () => {
  it('older shifts are refused to the jefe, accepted from the admin; edits and removals of them too', async () => {
    const eq = await createTestEquipo(api.store);
    const old = { id_equipo: eq.id, fecha: '2026-03-08', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    const late = await create(tokens.jefe, old);
    expect(late.status).toBe(422);
    const msg = 'Plazo de registro vencido: los horómetros se registran hasta 24 h después del fin del turno (venció el 09/03/2026 07:00 PM)';
    expect(late.body).toMatchObject({ msg, errors: { fecha: msg } });

    const byAdmin = await create(tokens.admin, old);
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    const id = (byAdmin.body.item as { id: number }).id;
    expect(await create(tokens.jefe, { ...old, id, h_fin: 1009 })).toMatchObject({ status: 403, body: { msg } });
    expect(await api.call('GET', '/horometros/remove', { token: tokens.jefe, query: { id } })).toMatchObject({ status: 403, body: { msg } });
    const form = await api.call('POST', '/horometros/form', { token: tokens.jefe, json: { id } });
    expect(form.body).toMatchObject({ en_plazo: false, plazo_msg: msg, item: { fecha_creacion: '2026-03-08' } });
    // A recent log may not be moved back to an old date either.
    const recent = await create(tokens.jefe, { ...old, id_tipo_turno: 2, fecha: '2026-03-09', h_inicio: 1008, h_fin: 1010 });
    expect(recent.status, recent.body.msg).toBe(200);
    const moved = await create(tokens.jefe, { id: (recent.body.item as { id: number }).id, fecha: '2026-03-07', id_tipo_turno: 2, h_inicio: 1008, h_fin: 1010 });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('fecha');
  });

  it('follows the injected clock and the setting; 0 hours means no limit', async () => {
    const eq = await createTestEquipo(api.store);
    const saved = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 });
    const id = (saved.body.item as { id: number }).id;
    let h_fin = 1008;
    const edit = () => create(tokens.jefe, { id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: (h_fin = h_fin === 1009 ? 1010 : 1009) });
    const setting = (registro_horometro: number) => api.call('POST', '/settings/save', { token: tokens.admin, json: { registro_horometro } });
    try {
      await moveClock('2026-03-10T23:59:00Z'); // 18:59 in Lima: one minute left
      expect((await edit()).status).toBe(200);
      await moveClock('2026-03-11T00:01:00Z'); // 19:01: the 24 h have passed
      expect((await edit()).status).toBe(403);
      expect((await setting(48)).status).toBe(200);
      expect((await edit()).status).toBe(200);
      await moveClock('2026-03-12T00:01:00Z');
      expect((await edit()).status).toBe(403);
      expect((await setting(0)).status).toBe(200);
      expect((await edit()).status).toBe(200);
    } finally {
      await setting(24);
      await moveClock(NOW.toISOString());
    }
  });

  it('a night shift counts from 07:00 the next morning', async () => {
    const eq = await createTestEquipo(api.store);
    try {
      await moveClock('2026-03-11T11:59:00Z'); // 06:59 on 11/03 in Lima
      const night = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 1000, h_fin: 1008 });
      expect(night.status, night.body.msg).toBe(200);
      await moveClock('2026-03-11T12:01:00Z');
      const id = (night.body.item as { id: number }).id;
      expect((await api.call('POST', '/horometros/disable', { token: tokens.jefe, json: { id } })).status).toBe(403);
    } finally {
      await moveClock(NOW.toISOString());
    }
  });
});

describe('GET /horometros/infoHorometroEquipo (seed 001 §7)', () => {
  it('proposes the machine\'s reading without logs, then the end of its latest active log', async () => {
    const eq = await createTestEquipo(api.store, { horometro: 7300 });
    const info = (id_equipo: number) => api.call('GET', '/horometros/infoHorometroEquipo', { token: tokens.jefe, query: { id_equipo } });
    const first = await info(eq.id);
    expect(first.body).toMatchObject({ ok: true, h_inicio: 7300, fuente: 'equipo', ultimo: null });
    expect(first.body.msg).toBe(`${eq.codigo} no tiene registros de horómetro: se propone la lectura registrada del equipo (7300)`);

    await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 7309, h_fin: 7317 });
    await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 7300, h_fin: 7309 });
    const after = await info(eq.id);
    // Same date: the night shift comes after the day shift, whatever the order of entry.
    expect(after.body).toMatchObject({ h_inicio: 7317, fuente: 'registro', ultimo: { fecha: '2026-03-09', id_tipo_turno: 2, turno: 'Noche', h_fin: 7317 } });
    expect(after.body.msg).toBe(`Horómetro final del último registro de ${eq.codigo} (09/03/2026, turno Noche): 7317`);

    // An inactive log is not proposed from.
    const night = await api.sql`SELECT id FROM rm_horometros WHERE id_equipo = ${eq.id} AND id_tipo_turno = 2`;
    expect((await api.call('POST', '/horometros/disable', { token: tokens.jefe, json: { id: night[0].id } })).body).toMatchObject({ ok: true, msg: 'Desactivado correctamente' });
    expect((await info(eq.id)).body).toMatchObject({ h_inicio: 7309, ultimo: { turno: 'Día' } });
    expect((await api.call('POST', '/horometros/enable', { token: tokens.jefe, json: { id: night[0].id } })).body.msg).toBe('Activado correctamente');
    expect((await info(eq.id)).body.h_inicio).toBe(7317);

    expect(await info(987654)).toMatchObject({ status: 404, body: { ok: false, msg: 'No se encontró el equipo' } });
    expect((await api.call('GET', '/horometros/infoHorometroEquipo', { token: tokens.jefe })).status).toBe(422);
  });
});

describe('form and removal', () => {
  it('the form of a new log proposes today and the day shift; removal deletes the row', async () => {
    const form = await api.call('POST', '/horometros/form', { token: tokens.jefe, json: { id: 0 } });
    expect(form.body).toMatchObject({ ok: true, item: { id: 0, fecha: '2026-03-10', fecha_creacion: '2026-03-10', id_tipo_turno: 1, falla_neta: 0 }, tipos_turno: [{ id: 1, nombre: 'Día', horas: 12 }, { id: 2, nombre: 'Noche', horas: 12 }] });
    expect((await api.call('POST', '/horometros/form', { token: tokens.jefe, json: { id: 987654 } })).status).toBe(404);

    const eq = await createTestEquipo(api.store);
    const saved = await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-10', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1004 });
    const id = (saved.body.item as { id: number }).id;
    const removed = await api.call('GET', '/horometros/remove', { token: tokens.jefe, query: { id } });
    expect(removed.body).toMatchObject({ ok: true, msg: 'Eliminado correctamente' });
    expect(await api.sql`SELECT 1 FROM rm_horometros WHERE id = ${id}`).toHaveLength(0);
    // The slot is free again.
    expect((await create(tokens.jefe, { id_equipo: eq.id, fecha: '2026-03-10', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1004 })).status).toBe(200);
    expect((await api.call('GET', '/fil_datas/tipo_turnos', { token: tokens.jefe })).body.items).toEqual([
      { value: 1, label: 'Día', horas: 12, inicio: 7 },
      { value: 2, label: 'Noche', horas: 12, inicio: 19 },
    ]);
  });
});

describe('one log per machine, date and shift: the slot stream (docs/modules/hour-meters.md)', () => {
  const rowsOfSlot = async (idEquipo: number, fecha: string, turno: number) =>
    (await api.sql`SELECT id FROM rm_horometros WHERE id_equipo = ${idEquipo} AND fecha = ${fecha}::date AND id_tipo_turno = ${turno}`).length;

  it('two saves of one slot at once: one is stored, the other gets the duplicate on the shift field (422)', async () => {
    const eq = await createTestEquipo(api.store);
    const log = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1000, h_fin: 1008 };
    // Both saves read the free slot, then wait for a new log's id (the counter row locked below),
    // so both append against the slot as they read it: the race the slot stream decides.
    let replies: Awaited<ReturnType<typeof create>>[] = [];
    let pending: Promise<void> = Promise.resolve();
    await api.sql.begin(async (tx) => {
      await tx`INSERT INTO es_id_counters (name, last_id) VALUES ('horometro', 0) ON CONFLICT (name) DO NOTHING`;
      await tx`SELECT last_id FROM es_id_counters WHERE name = 'horometro' FOR UPDATE`;
      pending = Promise.all([create(tokens.jefe, log), create(tokens.admin, { ...log, h_fin: 1009 })]).then((r) => void (replies = r));
      for (let waited = 0; ; waited += 50) {
        const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%es_id_counters%' AND pid <> pg_backend_pid()`;
        if (n >= 2) break;
        if (waited > 30_000) throw new Error('the two saves did not reach the id allocation');
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await pending;
    const byStatus = [...replies].sort((a, b) => a.status - b.status);
    expect(byStatus.map((r) => r.status)).toEqual([200, 422]);
    expect(byStatus[1].body).toMatchObject({ ok: false, msg: MSG_DUPLICATE, errors: { id_tipo_turno: MSG_DUPLICATE } });
    expect(await rowsOfSlot(eq.id, log.fecha, 1)).toBe(1);
    // The loser burnt nothing: the winner's log is the only one of the slot, and a later save is the plain duplicate.
    expect((await create(tokens.jefe, log)).status).toBe(409);
  }, 60_000);

  it('a log moved to another shift frees its slot and holds the new one', async () => {
    const eq = await createTestEquipo(api.store);
    const log = { id_equipo: eq.id, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 2000, h_fin: 2008, confirmar_horometro: 1 };
    const saved = await create(tokens.jefe, log);
    const item = saved.body.item as { id: number; version: number };
    const moved = await create(tokens.jefe, { ...log, id: item.id, version: item.version, id_tipo_turno: 2 });
    expect(moved.status).toBe(200);
    expect((await create(tokens.jefe, { ...log, id_tipo_turno: 2 })).status).toBe(409);
    expect((await create(tokens.jefe, log)).status).toBe(200);
  });

  it('a log stored before the slot streams (record events only) still folds, edits and then holds its slot', async () => {
    const eq = await createTestEquipo(api.store);
    const fields = {
      id_equipo: eq.id, id_obra: eq.id_obra, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 3000, h_fin: 3008,
      falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
    };
    const legacy = await createRecord(api.store, 'horometro', fields);
    const edited = await create(tokens.jefe, { ...fields, id: legacy.id, h_fin: 3010 });
    expect(edited.status).toBe(200);
    expect(edited.body.item).toMatchObject({ id: legacy.id, h_fin: 3010 });
    const again = await create(tokens.jefe, { ...fields, h_inicio: 3010, h_fin: 3012, confirmar_horometro: 1 });
    expect(again).toMatchObject({ status: 409, body: { msg: MSG_DUPLICATE } });
    expect(await rowsOfSlot(eq.id, fields.fecha, 1)).toBe(1);
  });
});
