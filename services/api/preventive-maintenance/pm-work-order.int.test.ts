import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { createRecord } from '../../../events/record/commands';
import type { LogPosition } from '../../../events/types';
import { pmPlansProjection } from '../../../projections/pm-plans';
import { pmPlanFollowsWorkOrder } from '../../../projections/reactors/pm-plan-follows-work-order';
import { processReactorBatch, reactorCheckpoint } from '../../../projections/reactors/runner';
import { processBatch, readCheckpoint } from '../../../projections/runner';
import { useTestApi } from '../../../tests/harness/api';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { createFunctionalElement, otPeople } from '../../../tests/harness/work-order-fixture';
import { waitForLogReadable } from '../../../tests/harness/wait';
import type { PmBoardRow, PmPlansReply } from '@shared/contracts/preventive-maintenance';

const t = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };
let admin = '';
const ids = { obra: 0, equipo: 0, elemento: 0, grupo: 0, operador: 0, mecanico: 0, supervisor: 0 };
const today = businessToday(new Date());
let from: LogPosition;

async function logEnd(): Promise<LogPosition> {
  await waitForLogReadable(t.sql);
  const [last] = await t.sql<{ tx: string; pos: number }[]>`SELECT transaction_id::text AS tx, global_position::int AS pos FROM es_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
  // The reactor starts here (its checkpoint moves by compare-and-set from this position).
  await t.sql`INSERT INTO es_checkpoints (projector, last_txid, last_position) VALUES (${reactorCheckpoint(pmPlanFollowsWorkOrder.name)}, ${last.tx}::xid8, ${last.pos})
    ON CONFLICT (projector) DO UPDATE SET last_txid = excluded.last_txid, last_position = excluded.last_position`;
  return { transactionId: last.tx, globalPosition: last.pos };
}

/** The reactor over the events since `from`, then the plans' projection. */
async function react() {
  await waitForLogReadable(t.sql);
  for (;;) {
    const batch = await processReactorBatch(t.sql, t.store, pmPlanFollowsWorkOrder, from);
    if (!batch.to) throw new Error('the reactor checkpoint moved under the test');
    from = batch.to;
    if (batch.read === 0) break;
  }
  await waitForLogReadable(t.sql);
  for (;;) {
    const r = await processBatch(t.sql, t.store, pmPlansProjection, await readCheckpoint(t.sql, pmPlansProjection.name));
    if (r.read === 0) break;
  }
}

const plans = async () => (await t.call('GET', '/mantenimiento_preventivo/planes', { token: admin, query: { id_equipo: ids.equipo } })).body as unknown as PmPlansReply;

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
  ids.obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
  Object.assign(ids, await otPeople(t.sql));
  Object.assign(ids, await createFunctionalElement(t.store, { sigla: 'PMT', nombre: 'Motor (prueba PM)' }, { numero: '98.01', nombre: 'Aceite de motor' }));
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'PM-OT-1', { anio: 2020, horometro: 1240, tipo_tarifa: 'HORA' });
  await createRecord(t.store, 'horometro', {
    id_equipo: ids.equipo, id_obra: ids.obra, fecha: addDays(today, -1), id_tipo_turno: 1, h_inicio: 1240, h_fin: 1248,
    falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
  }, { metadata });
  from = await logEnd();
}, 120_000);

describe('opening the preventive OT from a due plan (issue 20)', () => {
  it('the OT form starts from the plan: machine, site, meter and the standard interventions; the save links the OT; CIERRE TOTAL resets the plan', async () => {
    const saved = await t.call('POST', '/mantenimiento_preventivo/planes/create', {
      token: admin,
      json: { id_equipo: ids.equipo, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite de motor', 'Cambio de filtros'], ultimo_valor: 1000 },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const idPlan = (saved.body as unknown as PmPlansReply).items.find((p) => p.nombre === 'Servicio 250 h')!.id_plan;

    const form = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: 0, id_equipo: ids.equipo, id_pm_plan: idPlan } });
    expect(form.status, form.body.msg).toBe(200);
    const item = form.body.item as Record<string, unknown> & { intervenciones: { descripcion: string }[] };
    expect(item).toMatchObject({ id: 0, id_obra: ids.obra, id_equipo: ids.equipo, serie_equipo: 'S-PM-OT-1', horometro_apertura_ot: 1248, id_pm_plan: idPlan, pm_plan: 'Servicio 250 h' });
    expect(item.intervenciones.map((l) => l.descripcion)).toEqual(['Cambio de aceite de motor', 'Cambio de filtros']);

    // The user completes what the plan cannot know (element, people) and may change the lines.
    const body = {
      id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: 'S-PM-OT-1', fecha_parada: '', fecha_puesta_marcha: '',
      fecha_apertura_ot: `${today} 08:00`, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1248',
      horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
      id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0, diagnosticos: [],
      intervenciones: item.intervenciones.map((l) => ({ ...l, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento })),
      productos_solicitados: [], documentos: [], id_pm_plan: idPlan,
    };
    const opened = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: body });
    expect(opened.status, opened.body.msg).toBe(200);
    const idOrden = Number(opened.body.id);
    expect((await plans()).items.find((p) => p.id_plan === idPlan)).toMatchObject({ id_orden_trabajo: idOrden });

    // A second OT for the same plan is refused while the first is open: nothing stored.
    const again = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: body });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`El plan ya tiene una OT preventiva abierta (OT ${idOrden})`);

    await react();
    const row = (await t.call('GET', '/mantenimiento_preventivo', { token: admin, query: { id_equipo: ids.equipo, limit: 10 } })).body.items as PmBoardRow[];
    expect(row.find((r) => r.id_plan === idPlan)).toMatchObject({ id_orden_trabajo: idOrden, ot_codigo: opened.body.codigo });

    // CIERRE TOTAL with the closing reading: the plan's last service becomes 1,252 h on the closing day.
    const savedLines = ((await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: idOrden } })).body.item as { intervenciones: unknown[] }).intervenciones;
    const closed = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: { ...body, id: idOrden, version: Number(opened.body.version), fecha_cierre_ot: `${today} 16:00`, horometro_cierre_ot: '1252', terminado: 1, intervenciones: savedLines, id_pm_plan: null },
    });
    expect(closed.status, closed.body.msg).toBe(200);
    await react();
    expect((await plans()).items.find((p) => p.id_plan === idPlan)).toMatchObject({ ultimo_valor: 1252, ultima_fecha: today, id_orden_trabajo: null });
    const after = ((await t.call('GET', '/mantenimiento_preventivo', { token: admin, query: { id_equipo: ids.equipo, limit: 10 } })).body.items as PmBoardRow[]).find((r) => r.id_plan === idPlan);
    expect(after).toMatchObject({ ultimo_valor: 1252, vence_en: 1502, id_orden_trabajo: null });
  });

  it('a cancelled preventive OT leaves its plan due again, without an OT', async () => {
    const form = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: 0, id_equipo: ids.equipo, id_pm_plan: 0 } });
    expect(form.status, form.body.msg).toBe(200);
    expect(form.body.item).toMatchObject({ id_pm_plan: 0 });
    const item = form.body.item as { intervenciones: Record<string, unknown>[] };
    const opened = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: {
        id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: '', fecha_parada: '', fecha_puesta_marcha: '',
        fecha_apertura_ot: `${today} 09:00`, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1252',
        horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
        id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0, diagnosticos: [],
        intervenciones: item.intervenciones.map((l) => ({ ...l, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento })),
        productos_solicitados: [], documentos: [], id_pm_plan: 0,
      },
    });
    expect(opened.status, opened.body.msg).toBe(200);
    expect((await plans()).items[0]).toMatchObject({ id_plan: 0, id_orden_trabajo: Number(opened.body.id) });
    const cancelled = await t.call('POST', '/ordenes_trabajo/disable', { token: admin, json: { id: Number(opened.body.id) } });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    await react();
    expect((await plans()).items[0]).toMatchObject({ id_plan: 0, id_orden_trabajo: null, ultimo_valor: null });
  });
});
