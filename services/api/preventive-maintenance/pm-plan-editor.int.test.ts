import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/time';
import { pmPlansProjection } from '../../../projections/pm-plans';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import { createPlainMachine } from '../../../tests/harness/equipment';
import { createFunctionalElement, otPeople } from '../../../tests/harness/work-order-fixture';
import type { PmPlansReply } from '@shared/contracts/preventive-maintenance';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 20's plan editor: a plan's standard parts (material code and quantity) are saved, read
// with their material, pre-filled as the part lines of its preventive OT; bad parts are field
// errors (422), and only the edit right may change plans or a site's automatic opening (403).

const t = useTestApi();
let admin = '';
let supervisor = '';
const ids = { obra: 0, equipo: 0, elemento: 0, grupo: 0, operador: 0, mecanico: 0, supervisor: 0 };
type Material = { id: number; codigo: string; nombre: string; id_material_tipo: number; id_unidad: number };
let filtro: Material;
let aceite: Material;
const today = businessToday(new Date());

const plans = async () => (await t.call('GET', '/mantenimiento_preventivo/planes', { token: admin, query: { id_equipo: ids.equipo } })).body as unknown as PmPlansReply;
const savePlan = (json: Record<string, unknown>, token = admin) => t.call('POST', '/mantenimiento_preventivo/planes/create', { token, json: { id_equipo: ids.equipo, ...json } });

const catchUp = () => catchUpProjections(t.sql, t.store, [pmPlansProjection]);

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  supervisor = await t.login('supervisor@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
  ids.obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
  Object.assign(ids, await otPeople(t.sql));
  Object.assign(ids, await createFunctionalElement(t.store, { sigla: 'PME', nombre: 'Motor (editor PM)' }, { numero: '97.01', nombre: 'Filtro de aceite' }));
  ids.equipo = await createPlainMachine(t.store, t.sql, ids.obra, 'PM-ED-1', { anio: 2021, horometro: 1240, tipo_tarifa: 'HORA' });
  // Two active materials whose type has exactly one base unit (the unit the OT proposes).
  const materials = await t.sql<Material[]>`
    SELECT DISTINCT ON (m.id_material_tipo) m.id::int AS id, m.codigo, m.nombre, m.id_material_tipo::int AS id_material_tipo, c.id_unidad::int AS id_unidad
      FROM rm_materiales m JOIN rm_conversion_unidades c ON c.id_material_tipo = m.id_material_tipo AND c.estado = 1 AND c.valor = 1
     WHERE m.estado = 1 AND m.codigo <> ''
       AND (SELECT count(*) FROM rm_conversion_unidades c2 WHERE c2.id_material_tipo = m.id_material_tipo AND c2.estado = 1 AND c2.valor = 1) = 1
       AND (SELECT count(*) FROM rm_materiales m2 WHERE m2.codigo = m.codigo AND m2.estado = 1) = 1
     ORDER BY m.id_material_tipo, m.id LIMIT 2`;
  expect(materials.length).toBe(2);
  [filtro, aceite] = materials;
}, 120_000);

describe('the plan editor (issue 20)', () => {
  let idPlan = 0;

  it('a plan holds its standard parts: material code and quantity, read back with the material', async () => {
    const saved = await savePlan({
      nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite de motor'], ultimo_valor: 1000,
      productos: [{ codigo: filtro.codigo, cantidad: 2 }, { codigo: aceite.codigo, cantidad: '18.5' }],
    });
    expect(saved.status, saved.body.msg).toBe(200);
    const plan = (saved.body as unknown as PmPlansReply).items.find((p) => p.nombre === 'Servicio 250 h')!;
    idPlan = plan.id_plan;
    const [added] = await t.sql<{ schema_version: number }[]>`
      SELECT schema_version FROM es_events WHERE stream_id = ${`pm_plan-${ids.equipo}`} AND event_type = 'PmPlanAdded' ORDER BY version LIMIT 1`;
    expect(added.schema_version).toBe(2);
    expect(plan.productos).toEqual([
      { codigo: filtro.codigo, cantidad: 2, id_material: filtro.id, material: filtro.nombre },
      { codigo: aceite.codigo, cantidad: 18.5, id_material: aceite.id, material: aceite.nombre },
    ]);

    // A change of quantity is one PmPlanChanged of the parts; the interval override of plan 0 keeps its own.
    const changed = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, intervenciones: ['Cambio de aceite de motor'], productos: [{ codigo: filtro.codigo, cantidad: 3 }] });
    expect(changed.status, changed.body.msg).toBe(200);
    const [last] = await t.sql<{ type: string; schema_version: number; data: { changes: Record<string, unknown> } }[]>`
      SELECT event_type AS type, schema_version, data FROM es_events WHERE stream_id = ${`pm_plan-${ids.equipo}`} ORDER BY version DESC LIMIT 1`;
    expect(last.type).toBe('PmPlanChanged');
    expect(Object.keys(last.data.changes).sort()).toEqual(['intervalo', 'productos']);
    expect((await plans()).items.find((p) => p.id_plan === idPlan)).toMatchObject({ intervalo: 300, productos: [{ codigo: filtro.codigo, cantidad: 3 }] });

    // The subgroup's plan overridden with days, then switched off and on again.
    const override = await savePlan({ id_plan: 0, unidad: 'dias', intervalo: 90, activo: 0 });
    expect(override.status, override.body.msg).toBe(200);
    expect((override.body as unknown as PmPlansReply).items[0]).toMatchObject({ id_plan: 0, unidad: 'dias', intervalo: 90, activo: false, heredado: false });

    await catchUp();
    const [row] = await t.sql<{ productos: unknown }[]>`SELECT productos FROM rm_pm_planes WHERE id_equipo = ${ids.equipo} AND id_plan = ${idPlan}`;
    expect(row.productos).toEqual([{ codigo: filtro.codigo, cantidad: 3 }]);
  });

  it('bad parts and settings are field errors (422), never a 500; nothing is stored', async () => {
    const before = await plans();
    const unknown = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, productos: [{ codigo: filtro.codigo, cantidad: 1 }, { codigo: 'NO-EXISTE-XYZ', cantidad: 1 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ ok: false, errors: { 'productos.1.codigo': 'El material no existe' } });
    const zero = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, productos: [{ codigo: filtro.codigo, cantidad: 0 }] });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toMatchObject({ 'productos.0.cantidad': 'Ingrese una cantidad mayor que 0 y de hasta 1,000,000' });
    const text = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, productos: [{ codigo: filtro.codigo, cantidad: 'dos' }] });
    expect(text.status).toBe(422);
    const empty = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, productos: [{ codigo: '', cantidad: 1 }] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ 'productos.0.codigo': 'Elija el material' });
    const notList = await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, productos: 'FIL' });
    expect(notList.status).toBe(422);
    expect((await plans()).version).toBe(before.version);

    const days = await t.call('POST', '/mantenimiento_preventivo/configuracion/create', { token: admin, json: { id_obra: ids.obra, auto_abrir: false, dias_anticipacion: 61 } });
    expect(days.status).toBe(422);
    expect(days.body.errors).toMatchObject({ dias_anticipacion: 'Elija de 0 a 60 días' });
  });

  it('only the edit right changes plans and the automatic opening (403); the see right reads them', async () => {
    expect((await t.call('GET', '/mantenimiento_preventivo/configuracion', { token: supervisor, query: { id_obra: ids.obra } })).status).not.toBe(403);
    const plan = await savePlan({ nombre: 'Overhaul 2,000 h', unidad: 'horas', intervalo: 2000 }, supervisor);
    expect(plan.status).toBe(403);
    const removed = await t.call('POST', '/mantenimiento_preventivo/planes/remove', { token: supervisor, json: { id_equipo: ids.equipo, id_plan: idPlan } });
    expect(removed.status).toBe(403);
    const site = await t.call('POST', '/mantenimiento_preventivo/configuracion/create', { token: supervisor, json: { id_obra: ids.obra, auto_abrir: false, dias_anticipacion: 5 } });
    expect(site.status).toBe(403);
    const saved = await t.call('POST', '/mantenimiento_preventivo/configuracion/create', { token: admin, json: { id_obra: ids.obra, auto_abrir: false, dias_anticipacion: 5 } });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body).toMatchObject({ auto_abrir: false, dias_anticipacion: 5 });
  });

  it('the preventive OT starts with the plan\'s parts as part lines (editable) and saves with them', async () => {
    await savePlan({ id_plan: idPlan, nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 300, intervenciones: ['Cambio de aceite de motor'], productos: [{ codigo: filtro.codigo, cantidad: 3 }, { codigo: aceite.codigo, cantidad: 18.5 }] });
    const form = await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id: 0, id_equipo: ids.equipo, id_pm_plan: idPlan } });
    expect(form.status, form.body.msg).toBe(200);
    const item = form.body.item as Record<string, unknown> & { intervenciones: Record<string, unknown>[]; productos_solicitados: Record<string, unknown>[] };
    expect(item).toMatchObject({ id_pm_plan: idPlan, sin_productos: 0, id_tipo_mantenimiento: 1 });
    expect(item.productos_solicitados).toMatchObject([
      { id: 0, id_material: filtro.id, codigo_material: filtro.codigo, id_material_tipo: filtro.id_material_tipo, id_unidad: filtro.id_unidad, cantidad_solicitada_por_tecnico: 3, descripcion: filtro.nombre },
      { id: 0, id_material: aceite.id, codigo_material: aceite.codigo, id_material_tipo: aceite.id_material_tipo, id_unidad: aceite.id_unidad, cantidad_solicitada_por_tecnico: 18.5 },
    ]);

    // The user edits the quantity of one line, completes the elements and people, and saves.
    const element = { id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento };
    const opened = await t.call('POST', '/ordenes_trabajo/create', {
      token: admin,
      json: {
        id: 0, version: 0, id_obra: ids.obra, id_equipo: ids.equipo, serie_equipo: 'S-PM-ED-1', fecha_apertura_ot: `${today} 08:00`, horometro_apertura_ot: '1240',
        id_operador: ids.operador, id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, sin_productos: 0, terminado: 0, id_tipo_mantenimiento: 1,
        intervenciones: item.intervenciones.map((l) => ({ ...l, ...element })),
        productos_solicitados: item.productos_solicitados.map((l, i) => ({ ...l, ...element, cantidad_solicitada_por_tecnico: i === 0 ? 4 : l.cantidad_solicitada_por_tecnico })),
        id_pm_plan: idPlan,
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const lines = await t.call('GET', '/ordenes_trabajo/obtenerDetalle', { token: admin, query: { id_orden_trabajo: Number(opened.body.id), tabla: 'productos_solicitados' } });
    expect(lines.status, lines.body.msg).toBe(200);
    expect((lines.body.items as { id_material: number; cantidad_solicitada_por_tecnico: number }[]).map((l) => [l.id_material, Number(l.cantidad_solicitada_por_tecnico)])).toEqual([[filtro.id, 4], [aceite.id, 18.5]]);
  });

  it('rebuild equals live', async () => {
    await catchUp();
    const snapshot = () => t.sql`SELECT * FROM rm_pm_planes WHERE id_equipo = ${ids.equipo} ORDER BY id_plan`;
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(1);
    await rebuildProjection(t.sql, t.store, pmPlansProjection, 'async');
    expect(await snapshot()).toEqual(live);
  });
});
