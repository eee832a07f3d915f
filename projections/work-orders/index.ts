import type { FieldChange } from '@shared/diff';
import type { TransactionSql } from 'postgres';
import { deriveTimes } from '../../events/work-order/derive';
import type { Header, WorkOrderEvent } from '../../events/work-order/types';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';

/** Names shown in the list, resolved when an id changes (sites, equipment, people): one query. */
async function names(tx: TransactionSql, h: Partial<Header>): Promise<Record<string, string>> {
  const has = (f: keyof Header) => f in h;
  if (!['id_obra', 'id_equipo', 'id_operador', 'id_mecanico', 'id_supervisor'].some((f) => has(f as keyof Header))) return {};
  const person = (id: number | null | undefined) => tx`(SELECT trim(name || ' ' || coalesce(surname, '')) FROM rm_users WHERE id = ${id ?? 0})`;
  const [r] = await tx<Record<string, string | null>[]>`
    SELECT (SELECT codigo FROM rm_obras WHERE id = ${h.id_obra ?? 0}) AS ob_codigo,
           (SELECT nombre FROM rm_obras WHERE id = ${h.id_obra ?? 0}) AS obra,
           (SELECT codigo FROM rm_equipos WHERE id = ${h.id_equipo ?? 0}) AS equipo_codigo,
           (SELECT p.nombre FROM rm_equipos e JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto WHERE e.id = ${h.id_equipo ?? 0}) AS equipo_descripcion,
           ${person(h.id_operador)} AS operador, ${person(h.id_mecanico)} AS mecanico, ${person(h.id_supervisor)} AS supervisor`;
  const out: Record<string, string> = {};
  const pairs: [keyof Header, string[]][] = [
    ['id_obra', ['ob_codigo', 'obra']],
    ['id_equipo', ['equipo_codigo', 'equipo_descripcion']],
    ['id_operador', ['operador']],
    ['id_mecanico', ['mecanico']],
    ['id_supervisor', ['supervisor']],
  ];
  for (const [field, columns] of pairs) if (has(field)) for (const c of columns) out[c] = r[c] ?? '';
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

type Touched = Map<number, { version: number; date: Date }>;

async function apply(tx: TransactionSql, e: RecordedEvent<WorkOrderEvent>, touched: Touched, pendingLines: Record<string, unknown>[]) {
  const id = Number(e.data.id);
  touched.set(id, { version: e.version, date: e.occurredAt });
  const update = (set: Record<string, unknown>) => tx`UPDATE rm_ordenes_trabajo SET ${tx(set as never)} WHERE id = ${id}`;
  if (e.type !== 'WorkOrderLineAdded') await flushLines(tx, pendingLines);
  switch (e.type) {
    case 'WorkOrderOpened': {
      const h = e.data.header;
      const row = {
        id, codigo: e.data.codigo, estado: 1, ...h, ...derivedColumns(h), ...(await names(tx, h)), rechazado_id: e.data.rechazado_id,
        created_by: e.data.by, date_created: e.occurredAt, version: e.version, date_updated: e.occurredAt,
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
      pendingLines.push({ id: e.data.line.id, id_orden_trabajo: id, tabla: e.data.tabla, line: tx.json(e.data.line as never), date_created: e.occurredAt, date_updated: e.occurredAt });
      return;
    case 'WorkOrderLineChanged': {
      const to: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) to[f] = c.to;
      await tx`UPDATE rm_ot_lineas SET line = line || ${tx.json(to as never)}, date_updated = ${e.occurredAt} WHERE id = ${e.data.line_id}`;
      return;
    }
    case 'WorkOrderLineRemoved':
      await tx`DELETE FROM rm_ot_lineas WHERE id = ${e.data.line_id}`;
      return;
    case 'WorkOrderMechanicallyClosed':
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

/** Added lines are written together: one INSERT for the run of LineAdded events of a save. */
async function flushLines(tx: TransactionSql, pending: Record<string, unknown>[]) {
  if (!pending.length) return;
  await tx`INSERT INTO rm_ot_lineas ${tx(pending.splice(0) as never)}`;
}

/** The work-order list row and its line tables, kept in the append's transaction (read-your-writes
 * for the list and the form). Names of sites, equipment and people are copied when an id changes. */
export const workOrdersProjection: InlineProjection = {
  name: 'work_orders',
  handles: (e) => e.streamType === 'work_order',
  async apply(tx, events) {
    const touched: Touched = new Map();
    const pendingLines: Record<string, unknown>[] = [];
    for (const e of events) await apply(tx, e as unknown as RecordedEvent<WorkOrderEvent>, touched, pendingLines);
    await flushLines(tx, pendingLines);
    // Version and last change once per order and batch, not once per event.
    for (const [id, { version, date }] of touched) {
      await tx`UPDATE rm_ordenes_trabajo SET version = ${version}, date_updated = ${date} WHERE id = ${id}`;
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_ordenes_trabajo, rm_ot_lineas`;
  },
};

