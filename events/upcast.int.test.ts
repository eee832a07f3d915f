import { describe, expect, it } from 'vitest';
import { activityLogProjection } from '../projections/activity-log';
import { obraGastosProjection } from '../projections/sites/site-expenses';
import { workOrdersProjection } from '../projections/work-orders';
import { rebuildProjection } from '../projections/rebuild';
import { processBatch, readCheckpoint } from '../projections/runner';
import { useTestDatabase } from '../tests/harness/db';
import { execute, aggregate } from './execute';
import { obraGastosDecider } from './site/decider';
import type { GastoLinea } from './site/types';
import { LOG_START } from './types';
import { waitForLogReadable } from '../tests/harness/wait';

// Renamed event types (events/upcast.ts): a log written before the rename, stored under the old
// names, reads with the new ones through every read of the store, and rebuilds equal live.
const db = useTestDatabase();
const gastos = aggregate('obra_gastos', obraGastosDecider);

const line = (id: number, numero: number, over: Partial<GastoLinea> = {}): GastoLinea => ({
  id, numero, grupo: 'concepto', concepto: `Concepto ${numero}`, info: '', usa_cantidad: 1, disabled: 0, regla: 'normal', cantidad: 0, monto: 0, monto_total: 0, ...over,
});

const OLD_NAMES: Record<string, string> = {
  GeneralExpensesOpened: 'GastosGeneralesIniciados',
  GeneralExpensesSaved: 'GastosGeneralesGuardados',
  WorkOrderSaved: 'WorkOrderMechanicallyClosed',
};

/** Rewrites the stored rows as the code before the rename wrote them: the same events under the old types. */
async function storeUnderOldNames() {
  for (const [now, old] of Object.entries(OLD_NAMES)) await db.sql`UPDATE es_events SET event_type = ${old} WHERE event_type = ${now}`;
}

const tableRows = (table: string) => db.sql.unsafe(`SELECT * FROM ${table} ORDER BY 1, 2`);

describe('upcasters: renamed event types', () => {
  it('an old stream reads with the new names through readStream, readStreams, readAll and readAllVisible; rebuilds equal live', async () => {
    await execute(db.store, async (c) => {
      c.start(gastos, 901).decide({ type: 'IniciarGastosGenerales', id_obra: 901, catalogo_version: 1, lineas: [line(1, 1), line(2, 2, { usa_cantidad: 0 })] });
    });
    await execute(db.store, async (c) => {
      (await c.load(gastos, 901)).decide({ type: 'GuardarGastosGenerales', id_obra: 901, entradas: [{ id: 1, cantidad: 3, monto: 100 }, { id: 2, cantidad: 0, monto: 50 }] });
    });
    await db.store.append('work_order-901', [{ type: 'WorkOrderSaved', data: { id: 901 } }], { expectedVersion: 'no_stream' });
    // The activity log follows live (async), once the log readers can see these events.
    await waitForLogReadable(db.sql);
    while ((await processBatch(db.sql, db.store, activityLogProjection, await readCheckpoint(db.sql, activityLogProjection.name))).read > 0);
    const live = { gastos: await tableRows('rm_obra_gastos'), log: await tableRows('rm_activity_log') };
    await storeUnderOldNames();
    const [{ n }] = await db.sql`SELECT count(*)::int AS n FROM es_events WHERE event_type = ANY(${Object.values(OLD_NAMES)})`;
    expect(n).toBe(3);

    const expected = ['GeneralExpensesOpened', 'GeneralExpensesSaved'];
    expect((await db.store.readStream('obra_gastos-901')).map((e) => e.type)).toEqual(expected);
    expect((await db.store.readStreams(['obra_gastos-901', 'work_order-901'])).get('work_order-901')!.map((e) => e.type)).toEqual(['WorkOrderSaved']);
    const all = (await db.store.readAll({ after: LOG_START, limit: 10_000 })).filter((e) => e.streamId.endsWith('-901'));
    expect(all.map((e) => e.type)).toEqual([...expected, 'WorkOrderSaved']);
    const visible = (await db.store.readAllVisible(LOG_START, 10_000)).filter((e) => e.streamId.endsWith('-901'));
    expect(visible.map((e) => e.type)).toEqual([...expected, 'WorkOrderSaved']);

    // The decider folds the old stream: a save on it changes only what differs.
    const again = await execute(db.store, async (c) => {
      const s = await c.load(gastos, 901);
      return s.decide({ type: 'GuardarGastosGenerales', id_obra: 901, entradas: [{ id: 1, cantidad: 3, monto: 100 }, { id: 2, cantidad: 0, monto: 50 }] });
    });
    expect(again.value).toEqual([]);

    await rebuildProjection(db.sql, db.store, obraGastosProjection, 'inline');
    await rebuildProjection(db.sql, db.store, activityLogProjection, 'async');
    expect(await tableRows('rm_obra_gastos')).toEqual(live.gastos);
    expect(await tableRows('rm_activity_log')).toEqual(live.log);
  });
});

describe('upcasters: the maintenance type of orders opened before issue 19', () => {
  it('an opening stored without id_tipo_mantenimiento (schema 1) reads as MC (2); the work-order rows rebuild with it', async () => {
    const header = {
      id_obra: 1, id_equipo: 1, placa_equipo: '', serie_equipo: '', fecha_parada: null, fecha_puesta_marcha: null, fecha_apertura_ot: '2026-03-02 08:00',
      fecha_cierre_ot: null, horometro_parada: null, horometro_puesta_marcha: null, horometro_apertura_ot: null, horometro_cierre_ot: null, kilometraje: null,
      tercero_ruc: '', tercero_razon_social: '', id_operador: 1, id_mecanico: 1, id_supervisor: 1, sin_productos: 1, id_tipo_mantenimiento: 1,
    };
    await db.store.append('work_order-902', [{ type: 'WorkOrderOpened', data: { id: 902, codigo: 'OLD-000902', header, rechazado_id: null, by: 1 } }], { expectedVersion: 'no_stream' });
    const [stored] = await db.sql<{ schema_version: number }[]>`SELECT schema_version FROM es_events WHERE stream_id = 'work_order-902'`;
    expect(stored.schema_version).toBe(2);
    // As the code before issue 19 wrote it: schema 1, no maintenance type in the header.
    await db.sql`UPDATE es_events SET schema_version = 1, data = data #- '{header,id_tipo_mantenimiento}' WHERE stream_id = 'work_order-902'`;
    const [e] = await db.store.readStream('work_order-902');
    expect(e.schemaVersion).toBe(2);
    expect((e.data as { header: { id_tipo_mantenimiento: number } }).header.id_tipo_mantenimiento).toBe(2);
    const all = (await db.store.readAll({ after: LOG_START, limit: 10_000 })).filter((x) => x.streamId === 'work_order-902');
    expect((all[0].data as { header: { id_tipo_mantenimiento: number } }).header.id_tipo_mantenimiento).toBe(2);
    await rebuildProjection(db.sql, db.store, workOrdersProjection, 'inline');
    const [row] = await db.sql<{ id_tipo_mantenimiento: number }[]>`SELECT id_tipo_mantenimiento::int FROM rm_ordenes_trabajo WHERE id = 902`;
    expect(row.id_tipo_mantenimiento).toBe(2);
  });
});
