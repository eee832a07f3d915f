import type { FieldChange } from '@shared/diff';
import type { Fragment, TransactionSql } from 'postgres';
import { isEventOf } from '../../events/event-of';
import { workOrderCatalogue } from '../../events/work-order/catalogue';
import { deriveTimes } from '@shared/work-order-derive';
import type { Header, WorkOrderEvent } from '../../events/work-order/types';
import { jsonb } from '../../events/jsonb';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';
import { addQty } from '@shared/quantity';

/** The list columns copied from other records: sites, machines (code and product name) and
 * people. Each is a scalar sub-select on the source's read table, by the id held on the order. */
type Copy = { column: string; key: 'id_obra' | 'id_equipo' | 'id_operador' | 'id_mecanico' | 'id_supervisor'; value: (tx: TransactionSql, id: number | Fragment) => Fragment };
const person = (tx: TransactionSql, id: number | Fragment) => tx`(SELECT trim(name || ' ' || coalesce(surname, '')) FROM rm_users WHERE id = ${id})`;
const COPIES: Copy[] = [
  { column: 'ob_codigo', key: 'id_obra', value: (tx, id) => tx`(SELECT codigo FROM rm_obras WHERE id = ${id})` },
  { column: 'obra', key: 'id_obra', value: (tx, id) => tx`(SELECT nombre FROM rm_obras WHERE id = ${id})` },
  { column: 'equipo_codigo', key: 'id_equipo', value: (tx, id) => tx`(SELECT codigo FROM rm_equipos WHERE id = ${id})` },
  {
    column: 'equipo_descripcion',
    key: 'id_equipo',
    value: (tx, id) => tx`(SELECT p.nombre FROM rm_equipos e JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto WHERE e.id = ${id})`,
  },
  { column: 'operador', key: 'id_operador', value: person },
  { column: 'mecanico', key: 'id_mecanico', value: person },
  { column: 'supervisor', key: 'id_supervisor', value: person },
];

/** SQL fragments separated by commas. */
const list = (tx: TransactionSql, parts: Fragment[]) => parts.reduce((a, b) => tx`${a}, ${b}`);

/** Names shown in the list, resolved when an order's id field is set or changes: one query. */
async function names(tx: TransactionSql, h: Partial<Header>): Promise<Record<string, string>> {
  const wanted = COPIES.filter((c) => c.key in h);
  if (!wanted.length) return {};
  const selects = wanted.map((c) => tx`coalesce(${c.value(tx, Number(h[c.key] ?? 0))}, '') AS ${tx(c.column)}`);
  const [r] = await tx<Record<string, string>[]>`SELECT ${list(tx, selects)}`;
  return r;
}

/** Which source records' changes reach the copies: the record type, the fields that feed them,
 * and the order columns (keys) whose copies follow. A machine's description comes from its
 * product, so a renamed product refreshes the orders of every machine of that product. */
const SOURCES: Record<string, { fields: string[]; keys: Copy['key'][]; orders: (tx: TransactionSql, id: number, key: Copy['key']) => Fragment }> = {
  obra: { fields: ['codigo', 'nombre'], keys: ['id_obra'], orders: (tx, id) => tx`id_obra = ${id}` },
  equipo: { fields: ['codigo', 'id_equipo_producto'], keys: ['id_equipo'], orders: (tx, id) => tx`id_equipo = ${id}` },
  equipo_producto: {
    fields: ['nombre'],
    keys: ['id_equipo'],
    orders: (tx, id) => tx`id_equipo IN (SELECT id FROM rm_equipos WHERE id_equipo_producto = ${id})`,
  },
  user: {
    fields: ['name', 'surname'],
    keys: ['id_operador', 'id_mecanico', 'id_supervisor'],
    orders: (tx, id, key) => tx`${tx(key)} = ${id}`,
  },
};

/** A source record event that changes what the orders copy: a rename (or a machine's new code or
 * product), or a removal (the copies become empty, as a rebuild after the removal writes them). */
function changesCopies(e: RecordedEvent): boolean {
  const source = SOURCES[e.streamType];
  if (!source) return false;
  if (e.type === 'RecordRemoved') return true;
  if (e.type !== 'RecordUpdated') return false;
  const changes = e.data.changes as Record<string, FieldChange>;
  return source.fields.some((f) => f in changes);
}

/** Rewrites the copies on the orders that name the changed record, from the source tables as
 * they stand now (the record projections run before this one in the same transaction); rows
 * whose copies already match are left alone. */
async function refreshCopies(tx: TransactionSql, e: RecordedEvent) {
  const source = SOURCES[e.streamType];
  const id = Number(e.data.id);
  for (const key of source.keys) {
    const copies = COPIES.filter((c) => c.key === key);
    const values = copies.map((c) => tx`coalesce(${c.value(tx, tx`o.${tx(key)}`)}, '')`);
    const set = copies.map((c, i) => tx`${tx(c.column)} = ${values[i]}`);
    const current = copies.map((c) => tx`o.${tx(c.column)}`);
    await tx`UPDATE rm_ordenes_trabajo o SET ${list(tx, set)}
      WHERE ${source.orders(tx, id, key)} AND (${list(tx, current)}) IS DISTINCT FROM (${list(tx, values)})`;
  }
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
  const id = e.data.id;
  touched.set(id, { version: e.version, date: e.occurredAt });
  const update = (set: Record<string, unknown>) => tx`UPDATE rm_ordenes_trabajo SET ${tx(set)} WHERE id = ${id}`;
  if (e.type !== 'WorkOrderLineAdded') await flushLines(tx, pendingLines);
  switch (e.type) {
    case 'WorkOrderOpened': {
      const h = e.data.header;
      const row = {
        id, codigo: e.data.codigo, estado: 1, ...h, ...derivedColumns(h), ...(await names(tx, h)), rechazado_id: e.data.rechazado_id,
        created_by: e.data.by, date_created: e.occurredAt, version: e.version, date_updated: e.occurredAt,
      };
      await tx`INSERT INTO rm_ordenes_trabajo ${tx(row)}`;
      return;
    }
    case 'WorkOrderDetailsChanged': {
      const set: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) set[f] = (c).to;
      await update({ ...set, ...(await names(tx, set)) });
      const [h] = await tx.unsafe<Header[]>(`SELECT ${HEADER_SELECT} FROM rm_ordenes_trabajo WHERE id = $1`, [id]);
      await update(derivedColumns(h));
      return;
    }
    case 'WorkOrderSigned':
    case 'WorkOrderSignatureWithdrawn':
      await update({ [`firma_${e.data.firmante}`]: e.type === 'WorkOrderSigned' ? 1 : 0 });
      return;
    case 'WorkOrderLineAdded':
      pendingLines.push({ id: e.data.line.id, id_orden_trabajo: id, tabla: e.data.tabla, line: tx.json(e.data.line), date_created: e.occurredAt, date_updated: e.occurredAt });
      return;
    case 'WorkOrderLineChanged': {
      const to: Record<string, unknown> = {};
      for (const [f, c] of Object.entries(e.data.changes)) to[f] = c.to;
      await tx`UPDATE rm_ot_lineas SET line = line || ${jsonb(tx, to)}, date_updated = ${e.occurredAt} WHERE id = ${e.data.line_id}`;
      return;
    }
    case 'WorkOrderLineRemoved':
      await tx`DELETE FROM rm_ot_lineas WHERE id = ${e.data.line_id}`;
      return;
    case 'WorkOrderSaved':
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
    case 'WorkOrderSiteOrderSaved':
      return;
    case 'MaterialCreationRequested':
      await update({ tiene_productos_en_solicitud_material: 1, creacion_materiales_atendidos: 0, materiales_estado: 'pendiente', materiales_motivo: null });
      return;
    case 'MaterialCreationSentToSicam':
      await update({ solicitud_materiales_enviado_sicam: 1, materiales_estado: 'enviado', materiales_motivo: null, materiales_id_sicam: e.data.id_sicam });
      return;
    case 'MaterialCreationSicamFailed':
      await update({ materiales_estado: 'fallido', materiales_motivo: e.data.reason });
      return;
    case 'RequestedMaterialCreated': {
      const to = { id_material: e.data.id_material, codigo_material: e.data.codigo_material, descripcion: e.data.descripcion, id_material_tipo: e.data.id_material_tipo };
      await tx`UPDATE rm_ot_lineas SET line = line || ${jsonb(tx, to)}, date_updated = ${e.occurredAt} WHERE id = ${e.data.line_id}`;
      await tx`UPDATE rm_ordenes_trabajo o SET creacion_materiales_atendidos = (NOT EXISTS (
          SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
             AND (l.line->>'solicitud_material')::int = 1 AND (l.line->>'id_material') IS NULL))::int
        WHERE o.id = ${id}`;
      return;
    }
    case 'WorkOrderPartsReceived':
      for (const r of e.data.entradas) {
        const [row] = await tx<{ line: { cantidad_recibida?: number } }[]>`SELECT line FROM rm_ot_lineas WHERE id = ${r.line_id}`;
        if (!row) continue;
        const recibida = addQty(Number(row.line.cantidad_recibida ?? 0), r.cantidad);
        await tx`UPDATE rm_ot_lineas SET line = line || ${tx.json({ cantidad_recibida: recibida })}, date_updated = ${e.occurredAt} WHERE id = ${r.line_id}`;
      }
      return;
    case 'WorkOrderPartsIssued': {
      for (const s of e.data.salidas) {
        const [row] = await tx<{ line: { cantidad_salida?: number; cantidad_solicitada_por_tecnico: number; estado: number } }[]>`SELECT line FROM rm_ot_lineas WHERE id = ${s.line_id}`;
        if (!row) continue;
        const salida = addQty(Number(row.line.cantidad_salida ?? 0), s.cantidad);
        const estado = salida >= Number(row.line.cantidad_solicitada_por_tecnico) ? 11 : row.line.estado;
        await tx`UPDATE rm_ot_lineas SET line = line || ${tx.json({ cantidad_salida: salida, vale_salida: e.data.vale_salida, estado })}, date_updated = ${e.occurredAt} WHERE id = ${s.line_id}`;
      }
      const rows = e.data.salidas.map((s) => ({
        id_salida: e.data.id_salida, id_linea: s.line_id, id_orden_trabajo: id, cantidad: s.cantidad, vale_salida: e.data.vale_salida, id_user: e.data.by, fecha_creado: e.occurredAt,
      }));
      if (rows.length) await tx`INSERT INTO rm_almacen_obra_salidas ${tx(rows)}`;
      await tx`UPDATE rm_almacen_obra_salidas s SET id_obra = o.id_obra FROM rm_ordenes_trabajo o WHERE o.id = ${id} AND s.id_salida = ${e.data.id_salida} AND s.id_orden_trabajo = ${id}`;
      return;
    }
    case 'WorkOrderPartsRequested':
      for (const p of e.data.productos) {
        await tx`UPDATE rm_ot_lineas SET line = line || ${tx.json({ id_producto_solicitado: p.id_producto })}, date_updated = ${e.occurredAt} WHERE id = ${p.line_id}`;
      }
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
  await tx`INSERT INTO rm_ot_lineas ${tx(pending.splice(0))}`;
}

/** The work-order list row and its line tables, kept in the append's transaction (read-your-writes
 * for the list and the form). Names of sites, equipment and people are copied when an order's id
 * field changes, and again when the named record is renamed or removed, so the live rows always
 * equal a rebuild's (projections/rebuild-property.int.test.ts). */
export const workOrdersProjection: InlineProjection = {
  name: 'work_orders',
  handles: (e) => e.streamType === 'work_order' || changesCopies(e),
  async apply(tx, events) {
    const touched: Touched = new Map();
    const pendingLines: Record<string, unknown>[] = [];
    for (const e of events) {
      if (e.streamType !== 'work_order') {
        await flushLines(tx, pendingLines);
        await refreshCopies(tx, e);
      } else if (isEventOf<WorkOrderEvent>(workOrderCatalogue, e)) await apply(tx, e, touched, pendingLines);
      else throw new Error(`work-orders projection: unknown event ${e.type}`);
    }
    await flushLines(tx, pendingLines);
    // Version and last change once per order and batch, not once per event.
    for (const [id, { version, date }] of touched) {
      await tx`UPDATE rm_ordenes_trabajo SET version = ${version}, date_updated = ${date} WHERE id = ${id}`;
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_ordenes_trabajo, rm_ot_lineas, rm_almacen_obra_salidas`;
  },
};

