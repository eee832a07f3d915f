import type { TransactionSql } from 'postgres';
import { deriveTimes } from '../../events/work-order/derive';
import type { FieldChange, Header, WorkOrderEvent } from '../../events/work-order/types';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';

/** Names shown in the list, resolved when an id changes (sites, equipment, people). */
async function names(tx: TransactionSql, h: Partial<Header>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if ('id_obra' in h && h.id_obra) {
    const [o] = await tx<{ codigo: string; nombre: string }[]>`SELECT codigo, nombre FROM rm_obras WHERE id = ${h.id_obra}`;
    out.ob_codigo = o?.codigo ?? '';
    out.obra = o?.nombre ?? '';
  }
  if ('id_equipo' in h && h.id_equipo) {
    const [e] = await tx<{ codigo: string; descripcion: string }[]>`
      SELECT e.codigo, coalesce(p.nombre, '') AS descripcion FROM rm_equipos e LEFT JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto
      WHERE e.id = ${h.id_equipo}`;
    out.equipo_codigo = e?.codigo ?? '';
    out.equipo_descripcion = e?.descripcion ?? '';
  }
  for (const [idField, nameField] of [['id_operador', 'operador'], ['id_mecanico', 'mecanico'], ['id_supervisor', 'supervisor']] as const) {
    if (!(idField in h)) continue;
    const userId = h[idField];
    if (!userId) {
      out[nameField] = '';
      continue;
    }
    const [u] = await tx<{ full: string }[]>`SELECT trim(name || ' ' || coalesce(surname, '')) AS full FROM rm_users WHERE id = ${userId}`;
    out[nameField] = u?.full ?? '';
  }
  return out;
}

function derivedColumns(h: Header) {
  const d = deriveTimes(h);
  return {
    tiempo_parada: d.tiempo_parada.horas * 60 + d.tiempo_parada.minutos,
    tiempo_ejecucion: d.tiempo_ejecucion.horas * 60 + d.tiempo_ejecucion.minutos,
    horometro_tiempo_parada: d.horometro_tiempo_parada,
    horometro_tiempo_ejecucion: d.horometro_tiempo_ejecucion,
  };
}

const HEADER_SELECT = `id_obra, id_equipo, placa_equipo, serie_equipo,
  to_char(fecha_parada, 'YYYY-MM-DD HH24:MI') AS fecha_parada, to_char(fecha_puesta_marcha, 'YYYY-MM-DD HH24:MI') AS fecha_puesta_marcha,
  to_char(fecha_apertura_ot, 'YYYY-MM-DD HH24:MI') AS fecha_apertura_ot, to_char(fecha_cierre_ot, 'YYYY-MM-DD HH24:MI') AS fecha_cierre_ot,
  horometro_parada::float8 AS horometro_parada, horometro_puesta_marcha::float8 AS horometro_puesta_marcha,
  horometro_apertura_ot::float8 AS horometro_apertura_ot, horometro_cierre_ot::float8 AS horometro_cierre_ot, kilometraje::float8 AS kilometraje,
  tercero_ruc, tercero_razon_social, id_operador, id_mecanico, id_supervisor, sin_productos`;

async function apply(tx: TransactionSql, e: RecordedEvent<WorkOrderEvent>) {
  const id = Number(e.data.id);
  const base = { version: e.version, date_updated: e.occurredAt };
  const update = (set: Record<string, unknown>) => tx`UPDATE rm_ordenes_trabajo SET ${tx({ ...set, ...base } as never)} WHERE id = ${id}`;
  switch (e.type) {
    case 'WorkOrderOpened': {
      const h = e.data.header;
      const row = {
        id, codigo: e.data.codigo, estado: 1, ...h, ...derivedColumns(h), ...(await names(tx, h)), rechazado_id: e.data.rechazado_id,
        created_by: e.data.by, date_created: e.occurredAt, ...base,
      };
      await tx`INSERT INTO rm_ordenes_trabajo ${tx(row as never)}`;
      return;
    }
    case 'WorkOrderDetailsChanged': {
      const set: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) set[f] = (c as FieldChange).to;
      await update({ ...set, ...(await names(tx, set as Partial<Header>)) });
      const [h] = await tx.unsafe<Header[]>(`SELECT ${HEADER_SELECT} FROM rm_ordenes_trabajo WHERE id = $1`, [id]);
      await update(derivedColumns(h));
      return;
    }
    case 'WorkOrderSigned':
    case 'WorkOrderSignatureWithdrawn':
      await update({ [`firma_${e.data.firmante}`]: e.type === 'WorkOrderSigned' ? 1 : 0 });
      return;
    case 'WorkOrderLineAdded':
      await tx`INSERT INTO rm_ot_lineas ${tx({ id: e.data.line.id, id_orden_trabajo: id, tabla: e.data.tabla, line: tx.json(e.data.line as never), date_created: e.occurredAt, date_updated: e.occurredAt } as never)}`;
      await update({});
      return;
    case 'WorkOrderLineChanged': {
      const to: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) to[f] = c.to;
      await tx`UPDATE rm_ot_lineas SET line = line || ${tx.json(to as never)}, date_updated = ${e.occurredAt} WHERE id = ${e.data.line_id}`;
      await update({});
      return;
    }
    case 'WorkOrderLineRemoved':
      await tx`DELETE FROM rm_ot_lineas WHERE id = ${e.data.line_id}`;
      await update({});
      return;
    case 'WorkOrderMechanicallyClosed':
      await update({});
      return;
    case 'WorkOrderClosed':
      await update({ estado: 3, date_closed: e.occurredAt });
      return;
    case 'WorkOrderCancelled':
      await update({ estado: 2 });
      return;
    case 'WorkOrderReplicated':
      await update({ id_replica: e.data.id_replica });
      return;
    case 'WorkOrderRequestLinked':
      await update({ id_solicitud_compra: e.data.request.id, solicitud_tipo: e.data.request.tipo, solicitud_estado: e.data.request.estado });
      return;
    case 'WorkOrderRequestStateChanged':
      await update({ solicitud_estado: e.data.estado });
      return;
    case 'WorkOrderAttendedBySiteWarehouse':
      await update({ atendido_por_almacen_obra: 1 });
      return;
    default: {
      const never: never = e;
      throw new Error(`work-orders projection: unknown event ${(never as { type: string }).type}`);
    }
  }
}

/** The work-order list row and its line tables, kept in the append's transaction (read-your-writes
 * for the list and the form). Names of sites, equipment and people are copied when an id changes. */
export const workOrdersProjection: InlineProjection = {
  name: 'work_orders',
  handles: (e) => e.streamType === 'work_order',
  async apply(tx, events) {
    for (const e of events) await apply(tx, e as unknown as RecordedEvent<WorkOrderEvent>);
  },
  async reset(tx) {
    await tx`TRUNCATE rm_ordenes_trabajo, rm_ot_lineas`;
  },
};

