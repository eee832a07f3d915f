import type { TransactionSql } from 'postgres';
import { pmPlanCatalogue } from '../../events/pm-plan/catalogue';
import type { PmPlanEvent } from '../../events/pm-plan/types';
import { jsonb } from '../../events/jsonb';
import type { RecordedEvent } from '../../events/types';
import { streamProjection } from '../stream-projection';
import type { AsyncProjection } from '../types';

/** Inserts the plan's row when it is not there yet (plan 0 takes services and links before any
 * override is saved), then sets `set`. */
async function upsert(tx: TransactionSql, e: RecordedEvent<PmPlanEvent>, set: Record<string, unknown>) {
  const row = { id_equipo: e.data.id_equipo, id_plan: e.data.id_plan, version: e.version, ...set };
  await tx`INSERT INTO rm_pm_planes ${tx(row)}
    ON CONFLICT (id_equipo, id_plan) DO UPDATE SET ${tx({ version: e.version, ...set })}`;
}

async function applyOne(tx: TransactionSql, e: RecordedEvent<PmPlanEvent>) {
  switch (e.type) {
    case 'PmPlanAdded': {
      const { id_equipo: _e, id_plan: _p, intervenciones, productos, ...fields } = e.data;
      return upsert(tx, e, { ...fields, intervenciones: tx.json(intervenciones), productos: tx.json(productos ?? []) });
    }
    case 'PmPlanChanged': {
      const set: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) set[f] = f === 'intervenciones' || f === 'productos' ? jsonb(tx, c.to ?? []) : c.to;
      return upsert(tx, e, set);
    }
    case 'PmPlanRemoved':
      if (e.data.id_plan === 0) {
        return upsert(tx, e, { nombre: '', unidad: null, intervalo: null, intervenciones: tx.json([]), productos: tx.json([]), activo: true });
      }
      await tx`DELETE FROM rm_pm_planes WHERE id_equipo = ${e.data.id_equipo} AND id_plan = ${e.data.id_plan}`;
      return;
    case 'PmServiceRecorded':
      return upsert(tx, e, { ultimo_valor: e.data.valor, ultima_fecha: e.data.fecha, id_orden_trabajo: null });
    case 'PmWorkOrderLinked':
      return upsert(tx, e, { id_orden_trabajo: e.data.id_orden_trabajo });
    case 'PmWorkOrderUnlinked':
      return upsert(tx, e, { id_orden_trabajo: null });
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** Async: `rm_pm_planes`, the plans of every machine from its `pm_plan-{id_equipo}` stream (issue
 * 20), read by the preventive-maintenance board (services/api/preventive-maintenance). Only what
 * the stream says: the subgroup's interval, the meter and the use are joined when the board reads,
 * so a rebuild writes the same rows. The plan form folds the stream itself (read-your-writes). */
export const pmPlansProjection: AsyncProjection = streamProjection<PmPlanEvent>({
  name: 'pm_plans',
  streamType: 'pm_plan',
  catalogue: pmPlanCatalogue,
  apply: applyOne,
  async reset(tx) {
    await tx`DELETE FROM rm_pm_planes`;
  },
});
