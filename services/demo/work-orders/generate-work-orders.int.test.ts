import { beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../../events/decider';
import { createRecord } from '../../../events/record/commands';
import { workOrderDecider } from '../../../events/work-order/decider';
import { ESTADO_OT } from '../../../events/work-order/types';
import { useTestDatabase } from '../../../tests/harness/db';
import { loadAccessData } from '../access-data';
import { loadSitesData } from '../sites/loadSitesData';
import { writeWorkOrders } from './generate-work-orders';
import { loadWorkOrderContext } from './work-order-context';

const db = useTestDatabase();
const metadata = { userId: null, requestId: 'fixture' };

beforeAll(async () => {
  await loadAccessData(db.store);
  await loadSitesData(db.store);
  const g = await createRecord(db.store, 'equipo_grupo', { nombre: 'G', estado: 1 }, { metadata });
  const u = await createRecord(db.store, 'unidad', { nombre: 'UND', decimales: 0, etiquetas: '', estado: 1 }, { metadata });
  const s = await createRecord(db.store, 'equipo_subgrupo', { id_equipo_grupo: g.id, nombre: 'S', id_mantenimiento_unidad: u.id, mantenimiento_valor: 250, estado: 1 }, { metadata });
  const p = await createRecord(db.store, 'equipo_producto', { id_equipo_grupo: g.id, id_equipo_subgrupo: s.id, nombre: 'P', estado: 1 }, { metadata });
  const m = await createRecord(db.store, 'marca', { nombre: 'Caterpillar', estado: 1 }, { metadata });
  const mo = await createRecord(db.store, 'modelo', { id_marca: m.id, nombre: '320', estado: 1 }, { metadata });
  const sites = await db.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 3`;
  for (const [i, site] of sites.entries()) {
    for (let k = 0; k < 3; k++) {
      await createRecord(db.store, 'equipo', {
        id_obra: site.id, codigo: `EX-${i}${k}`, id_equipo_grupo: g.id, id_equipo_subgrupo: s.id, id_equipo_producto: p.id, id_marca: m.id, id_modelo: mo.id,
        id_marca_motor: m.id, id_modelo_motor: mo.id, serie: `S${i}${k}`, horometro: 1000 * k, estado: 1,
      }, { metadata });
    }
  }
  const gf = await createRecord(db.store, 'grupo_funcional', { sigla: 'MOT', nombre: 'Motor', estado: 1 }, { metadata });
  for (const n of ['01', '02', '03']) await createRecord(db.store, 'grupo_funcional_elemento', { numero: n, nombre: `Elemento ${n}`, id_grupo_funcional: gf.id, id_padre: null, estado: 1 }, { metadata });
  const tipo = await createRecord(db.store, 'material_tipo', { codigo: 'REP', nombre: 'Repuestos', estado: 1 }, { metadata });
  await createRecord(db.store, 'conversion_unidad', { id_material_tipo: tipo.id, id_unidad: u.id, valor: 1, estado: 1 }, { metadata });
  for (const c of ['1R-0750', '1R-0749']) await createRecord(db.store, 'material', { id_material_tipo: tipo.id, codigo: c, nombre: `Filtro ${c}`, estado: 1 }, { metadata });
});

describe('generated work orders', () => {
  it('go through the decider: open, closed, cancelled and replicated orders whose read model matches their streams', async () => {
    const ctx = await loadWorkOrderContext(db.sql);
    expect(ctx.sites.length).toBe(3);
    const now = new Date('2026-11-22T12:00:00Z');
    const r = await writeWorkOrders(db.store, ctx, { count: 400, from: new Date('2025-11-22T00:00:00Z'), now, seed: 7, batch: 64 });
    expect(r.orders).toBeGreaterThan(400);
    const estados = await db.sql<{ estado: number; n: number }[]>`SELECT estado, count(*)::int AS n FROM rm_ordenes_trabajo GROUP BY estado ORDER BY estado`;
    expect(estados.map((e) => e.estado)).toEqual([1, 2, 3]);
    const [{ replicas }] = await db.sql<{ replicas: number }[]>`SELECT count(*)::int AS replicas FROM rm_ordenes_trabajo o JOIN rm_ordenes_trabajo r ON r.rechazado_id = o.id AND o.id_replica = r.id`;
    expect(replicas).toBeGreaterThan(0);
    const [{ dup }] = await db.sql<{ dup: number }[]>`SELECT count(*)::int AS dup FROM (SELECT id_obra, codigo FROM rm_ordenes_trabajo GROUP BY 1, 2 HAVING count(*) > 1) d`;
    expect(dup).toBe(0);
    // Ids stay dense: the counter ends at the largest id used.
    const [{ max }] = await db.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM rm_ordenes_trabajo`;
    const [{ last_id }] = await db.sql<{ last_id: number }[]>`SELECT last_id FROM es_id_counters WHERE name = 'work_order'`;
    expect(last_id).toBe(max);
    // A sample of orders: the read model agrees with the folded stream.
    const sample = await db.sql<{ id: number; estado: number; n: number }[]>`
      SELECT o.id, o.estado, (SELECT count(*)::int FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id) AS n FROM rm_ordenes_trabajo o ORDER BY random() LIMIT 25`;
    for (const row of sample) {
      const state = fold(workOrderDecider, (await db.store.readStream(`work_order-${row.id}`)) as never);
      expect(state.status === 'absent' ? null : ESTADO_OT[state.status]).toBe(row.estado);
      const lines = Object.values(state.lines).reduce((a, t) => a + Object.keys(t).length, 0);
      expect(lines).toBe(row.n);
    }
    // Nothing happens after `now`, and the newest orders are still open.
    const [{ latest }] = await db.sql<{ latest: Date }[]>`SELECT max(occurred_at) AS latest FROM es_events WHERE stream_type = 'work_order'`;
    expect(latest.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('scale data: with an attendance share, the site warehouse attends closed orders with parts between their opening and closing', async () => {
    const ctx = await loadWorkOrderContext(db.sql);
    const [{ before }] = await db.sql<{ before: number }[]>`SELECT coalesce(max(id), 0)::int AS before FROM rm_ordenes_trabajo`;
    await writeWorkOrders(db.store, ctx, { count: 120, from: new Date('2025-11-22T00:00:00Z'), now: new Date('2026-11-22T12:00:00Z'), seed: 8, batch: 64, attendShare: 1 });
    const [r] = await db.sql<{ closed: number; attended: number; outside: number }[]>`
      WITH o AS (SELECT * FROM rm_ordenes_trabajo WHERE id > ${before} AND estado = 3 AND sin_productos = 0),
           t AS (SELECT o.id,
                        (SELECT min(e.occurred_at) FROM es_events e WHERE e.stream_id = 'work_order-' || o.id AND e.event_type = 'WorkOrderOpened') AS opened,
                        (SELECT min(e.occurred_at) FROM es_events e WHERE e.stream_id = 'work_order-' || o.id AND e.event_type = 'WorkOrderAttendedBySiteWarehouse') AS attended,
                        (SELECT min(e.occurred_at) FROM es_events e WHERE e.stream_id = 'work_order-' || o.id AND e.event_type = 'WorkOrderClosed') AS closed
                   FROM o)
      SELECT (SELECT count(*) FROM o)::int AS closed, (SELECT count(*) FROM o WHERE atendido_por_almacen_obra = 1)::int AS attended,
             (SELECT count(*) FROM t WHERE NOT (attended > opened AND attended < closed))::int AS outside`;
    expect(r.closed).toBeGreaterThan(0);
    expect(r).toEqual({ closed: r.closed, attended: r.closed, outside: 0 });
  });
});
