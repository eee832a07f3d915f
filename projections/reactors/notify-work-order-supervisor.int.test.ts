import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../events/record/commands';
import { hashPassword } from '../../services/api/auth/internal/password';
import { useTestApi } from '../../tests/harness/api';
import { createPlainMachine } from '../../tests/harness/equipment';
import { drainReactor } from '../../tests/harness/reactor';
import { notifyWorkOrderSupervisor } from './notify-work-order-supervisor';
import { reactorCheckpoint } from './runner';

// Issue 20, "Notifications from operations", through the real calls: the mechanic and the
// supervisor named on an OT hear when it is opened, and whoever becomes its mechanic or supervisor
// when it is reassigned; the user who made the change is not told; a replay stores nothing more.
const t = useTestApi();
const ids = { obra: 0, equipo: 0, operador: 0, mecanico: 0, otroMecanico: 0, supervisor: 0 };
const tokens = { admin: '', supervisor: '' };

const drain = () => drainReactor(t, notifyWorkOrderSupervisor);

const told = async (codigo: string) =>
  (await t.sql<{ id_user: number; contenido: string }[]>`SELECT id_user::int, contenido FROM rm_notifications WHERE contenido LIKE ${`%OT ${codigo} %`} ORDER BY id`).map(
    (n) => [n.id_user, n.contenido],
  );

function fields(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-NOTIF-1', fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '',
    horometro_apertura_ot: '', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador,
    id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [], ...over,
  };
}
async function save(token: string, over: Record<string, unknown>) {
  const r = await t.call('POST', '/ordenes_trabajo/create', { token, json: fields(over) });
  expect(r.status, `${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
  return r.body as unknown as { id: number; codigo: string; version: number };
}

beforeAll(async () => {
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.obra = await one(t.sql`SELECT id FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`);
  ids.operador = await one(t.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`);
  ids.mecanico = await one(t.sql`SELECT id FROM rm_users WHERE email = 'mecanico@faena.pe'`);
  ids.supervisor = await one(t.sql`SELECT id FROM rm_users WHERE email = 'supervisor@faena.pe'`);
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'NT-001');
  const hash = await hashPassword('Faena2026!');
  ids.otroMecanico = (await createRecord(t.store, 'user', { id_role: 14, id_obra: null, name: 'Raúl', surname: 'Segundo Mecánico', document: '49900005', email: 'raul.mecanico@faena.pe', all_works: 1, estado: 1 }, {
    within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
  })).id;
  tokens.admin = await t.login('admin@faena.pe');
  tokens.supervisor = await t.login('supervisor@faena.pe');
  await drain();
}, 120_000);

describe('the people named on an OT hear of it (issue 20)', () => {
  it('opening: the mechanic and the supervisor; reassigning: only the new mechanic; a replay adds nothing', async () => {
    const o = await save(tokens.admin, {});
    await drain();
    expect(await told(o.codigo)).toEqual([
      [ids.mecanico, `Se abrió la OT ${o.codigo} (NT-001) con usted como mecánico`],
      [ids.supervisor, `Se abrió la OT ${o.codigo} (NT-001) con usted como supervisor`],
    ]);

    // Another save that keeps the people tells no one; a new mechanic is told, the old one is not.
    const form = async () => ((await t.call('GET', '/ordenes_trabajo/form', { token: tokens.admin, query: { id: o.id } })).body.item as { version: number }).version;
    await save(tokens.admin, { id: o.id, version: await form(), kilometraje: '1500' });
    await save(tokens.admin, { id: o.id, version: await form(), id_mecanico: ids.otroMecanico });
    await drain();
    expect((await told(o.codigo)).slice(2)).toEqual([[ids.otroMecanico, `Se le asignó la OT ${o.codigo} (NT-001) como mecánico`]]);

    // The reactor read again from the start of the order's events stores nothing more.
    const [{ n: before }] = await t.sql`SELECT count(*)::int AS n FROM rm_notifications`;
    const [first] = await t.sql<{ transaction_id: string; global_position: string }[]>`
      SELECT transaction_id::text, global_position::text FROM es_events WHERE stream_id = ${`work_order-${o.id}`} ORDER BY global_position LIMIT 1`;
    await t.sql`UPDATE es_checkpoints SET last_txid = ${first.transaction_id}::xid8, last_position = ${Number(first.global_position) - 1}
      WHERE projector = ${reactorCheckpoint(notifyWorkOrderSupervisor.name)}`;
    await drain();
    const [{ n: after }] = await t.sql`SELECT count(*)::int AS n FROM rm_notifications`;
    expect(after).toBe(before);
  });

  it('the user who names themselves is not told; the others are', async () => {
    const o = await save(tokens.supervisor, {});
    await drain();
    expect(await told(o.codigo)).toEqual([[ids.mecanico, `Se abrió la OT ${o.codigo} (NT-001) con usted como mecánico`]]);
  });
});
